import { describe, expect, it } from 'vitest';
import { namespaceTitle, previewConfig, previewName, previewSecrets, previewUrlOf, wranglerCommands } from './preview-plan.ts';

const worker = 'edge-storefront';
const hostLabel = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

describe('preview names', () => {
  it('keep a branch name that is already DNS-safe', () => {
    expect(previewName('checkout-redesign', worker)).toBe('checkout-redesign');
  });

  it('make any branch name one host label with the worker name, and a safe binding title', () => {
    const branches = [
      'feature/Über_Checkout!!',
      'dependabot/npm_and_yarn/astrojs/cloudflare-14.2.1',
      'UPPER/lower',
      '---',
      '日本語のブランチ',
      'release/2026.11',
      `very-long-${'x'.repeat(200)}`,
      'fix/../../etc/passwd',
      'a b\tc\nd',
    ];
    const names = branches.map((branch) => previewName(branch, worker));
    for (const [index, name] of names.entries()) {
      const label = `${name}-${worker}`;
      expect(label, branches[index]).toMatch(hostLabel);
      expect(label.length, branches[index]).toBeLessThanOrEqual(63);
      expect(namespaceTitle(worker, name)).toMatch(/^[a-z0-9-]+$/);
    }
    // Changed names carry a hash of the branch: two branches that clean up alike stay apart.
    expect(new Set(names).size).toBe(names.length);
    expect(previewName('Feature/A', worker)).not.toBe(previewName('feature-a', worker));
    expect(previewName('feature/Über_Checkout!!', worker)).toMatch(/^feature-uber-checkout-[0-9a-f]{6}$/);
  });

  it('refuse a worker name that leaves no room', () => {
    expect(() => previewName('main', 'w'.repeat(60))).toThrow(/no room/);
  });
});

describe('the preview configuration', () => {
  const built = {
    name: worker,
    main: 'entry.mjs',
    kv_namespaces: [{ binding: 'CONTENT', id: 'REPLACE_WITH_KV_NAMESPACE_ID' }],
    durable_objects: { bindings: [{ name: 'SYNC', class_name: 'SyncCoordinator' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['SyncCoordinator'] }],
  };

  it('binds CONTENT to the Preview\'s own namespace and keeps everything else', () => {
    const config = previewConfig(built, 'ns-123');
    expect(config.kv_namespaces).toEqual([{ binding: 'CONTENT', id: 'ns-123' }]);
    expect(config).toMatchObject({ main: 'entry.mjs', durable_objects: built.durable_objects, migrations: built.migrations });
    expect(built.kv_namespaces[0]!.id).toBe('REPLACE_WITH_KV_NAMESPACE_ID');
  });

  it('refuses a configuration without the CONTENT binding', () => {
    expect(() => previewConfig({ name: worker, kv_namespaces: [] }, 'ns')).toThrow(/CONTENT/);
  });

  it('puts the Preview behind the password gate unless told otherwise', () => {
    const env = { SYNC_SECRET: 's'.repeat(20), STOREFRONT_PROXY_SECRET: 'p'.repeat(20) };
    const gated = previewSecrets(env, true);
    expect(gated.PREVIEW_PASSWORD).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(previewSecrets({ ...env, PREVIEW_PASSWORD: 'given' }, true).PREVIEW_PASSWORD).toBe('given');
    expect(previewSecrets(env, false)).not.toHaveProperty('PREVIEW_PASSWORD');
    expect(gated.SESSION_SECRET).not.toBe(previewSecrets(env, true).SESSION_SECRET);
    expect(() => previewSecrets({}, true)).toThrow(/SYNC_SECRET and STOREFRONT_PROXY_SECRET/);
  });
});

describe('the wrangler commands', () => {
  it('upload a Preview with its configuration, secrets file and backend, and delete it', () => {
    expect(wranglerCommands.upload({ config: 'dist/server/wrangler.preview.json', name: 'feat-x', secretsFile: '/tmp/s.json', backendUrl: 'https://api.example' })).toEqual([
      'preview', '--config', 'dist/server/wrangler.preview.json', '--name', 'feat-x', '--secrets-file', '/tmp/s.json', '--var', 'BACKEND_API_URL:https://api.example', '--message', 'Preview of feat-x', '--json',
    ]);
    expect(wranglerCommands.delete('c.json', 'feat-x')).toEqual(['preview', 'delete', '--config', 'c.json', '--name', 'feat-x', '--skip-confirmation']);
    expect(wranglerCommands.deleteNamespace('abc')).toEqual(['kv', 'namespace', 'delete', '--namespace-id', 'abc', '--skip-confirmation']);
  });

  it('find the Preview URL in wrangler\'s answer', () => {
    expect(previewUrlOf('{"url":"https://feat-x-edge-storefront.acme.workers.dev","id":"1"}')).toBe('https://feat-x-edge-storefront.acme.workers.dev');
    expect(() => previewUrlOf('{}')).toThrow(/no workers.dev URL/);
  });
});
