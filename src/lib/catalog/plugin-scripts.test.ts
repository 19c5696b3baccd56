import { describe, expect, it } from 'vitest';
import { pluginScripts } from './plugin-scripts.ts';

const config = (b2bPlugins: unknown) => ({ extensions: { b2bPlugins } });

describe('pluginScripts', () => {
  it('lists the scripts of the registered modules, each once', () => {
    const plugins = [
      { code: 'access', script: '/plugins/b2b-access.js', config: {} },
      { code: 'approval', config: {} },
      { code: 'access-again', script: '/plugins/b2b-access.js', config: {} },
    ];
    expect(pluginScripts(config(plugins))).toEqual(['/plugins/b2b-access.js']);
  });

  it('loads nothing from elsewhere than the storefront\'s own /plugins/ path', () => {
    const scripts = ['https://evil.example/x.js', '//evil.example/plugins/x.js', '/plugins/../sync.js', '/plugins/X.js', '/plugins/a.js?x', 'javascript:alert(1)'];
    expect(pluginScripts(config(scripts.map((script) => ({ code: 'access', script, config: {} }))))).toEqual([]);
  });

  it('is empty without modules or with a malformed list', () => {
    expect(pluginScripts(undefined)).toEqual([]);
    expect(pluginScripts(config(undefined))).toEqual([]);
    expect(pluginScripts(config('nope'))).toEqual([]);
    expect(pluginScripts(config([{ script: '/plugins/b2b-access.js' }]))).toEqual([]);
  });
});
