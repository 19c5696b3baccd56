/**
 * The admin's rich-text editor: Trix (Basecamp's editor, MIT), served from the installed package
 * at /admin/trix.js and /admin/trix.css under its version. The admin script (client/admin.js) loads it
 * only on a page with a `textarea[data-rich-text]` and puts an editor over each such field; the
 * field stays the form's value, so the page works without JavaScript, and every save goes through
 * the server's sanitiser (markup-sanitize.ts) whatever the editor sent. The stylesheet's toolbar
 * icons are served as files at /admin/trix-icons/ (rich-text-icons.ts: the admin's policy refuses
 * `data:` images).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { serveIconsAsFiles } from './rich-text-icons.ts';

const require = createRequire(import.meta.url);
const trixDir = dirname(require.resolve('trix/package.json'));
const { version } = require('trix/package.json') as { version: string };

/** Read once: the files never change while the process runs. */
const script = readFileSync(join(trixDir, 'dist/trix.umd.min.js'), 'utf8');
const { css: styles, icons } = serveIconsAsFiles(readFileSync(join(trixDir, 'dist/trix.css'), 'utf8'), '/admin/trix-icons');

/** Where the admin script loads the editor from (the version in the URL lets browsers keep it a year). */
export const richTextAssets = { script: `/admin/trix.js?v=${version}`, styles: `/admin/trix.css?v=${version}` };

const cached = { 'Cache-Control': 'public, max-age=31536000, immutable' };

export const richTextEditor = new Hono()
  .get('/trix.js', (c) => c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8', ...cached }))
  .get('/trix.css', (c) => c.body(styles, 200, { 'Content-Type': 'text/css; charset=utf-8', ...cached }))
  .get('/trix-icons/:name', (c) => {
    const svg = icons.get(c.req.param('name'));
    if (svg === undefined) return c.text('No such icon.', 404);
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', ...cached });
  });
