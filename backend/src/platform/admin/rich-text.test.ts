import { describe, expect, it } from 'vitest';
import { richTextEditor } from './rich-text.ts';

/** The editor's stylesheet and icons as a browser fetches them (the toolbar drawn: sign-in-and-editor.browser.test.ts). */
describe('the rich-text editor\'s stylesheet and icons', () => {
  it('points the stylesheet\'s icons at files under /admin, which answer as cacheable SVG', async () => {
    const css = await (await richTextEditor.request('/trix.css')).text();
    // The admin's policy refuses data: images: none may remain.
    expect(css).not.toContain('data:');
    const paths = [...new Set([...css.matchAll(/url\("(\/admin\/trix-icons\/[^"]+)"\)/g)].map((m) => m[1]!))];
    expect(paths.length).toBeGreaterThanOrEqual(14);
    for (const path of paths) {
      const answer = await richTextEditor.request(path.slice('/admin'.length));
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/svg+xml');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await answer.text()).toMatch(/^<svg[\s>]/);
    }
  });

  it('answers 404 for an icon it does not have', async () => {
    const answer = await richTextEditor.request('/trix-icons/0000000000000000.svg');
    expect(answer.status).toBe(404);
  });
});
