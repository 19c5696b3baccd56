import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { richTextAssets } from './rich-text.ts';
import { adminScript } from './script.ts';

/** What a browser gets at the admin's script URLs (their behaviour: test/browser/admin-category-tree.test.ts, admin-content-preview.test.ts). */
describe('the admin scripts', () => {
  for (const path of ['/admin.js', '/tree-moves.js']) {
    it(`serves ${path} as a classic script that compiles, cached for an hour`, async () => {
      const answer = await adminScript.request(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
      const text = await answer.text();
      expect(() => new Script(text, { filename: path })).not.toThrow();
    });
  }

  it('tells admin.js where the editor (under its installed version) and the tree script are', async () => {
    const text = await (await adminScript.request('/admin.js')).text();
    expect(text.startsWith(`'use strict';\nconst adminAssets = ${JSON.stringify({ richText: richTextAssets, treeMoves: '/admin/tree-moves.js' })};\n`)).toBe(true);
    expect(richTextAssets.script).toMatch(/^\/admin\/trix\.js\?v=\d+\.\d+\.\d+$/);
  });

  it('answers 404 for any other file', async () => {
    expect((await adminScript.request('/other.js')).status).toBe(404);
  });
});
