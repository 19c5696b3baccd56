/**
 * The admin's browser scripts, real files in `client/` (linted by `npm run lint`, tested in
 * client/*.test.ts and the browser tests), served as written:
 * - /admin/admin.js, which every admin page links (client/admin.js says what it does);
 * - /admin/tree-moves.js, which admin.js loads only on a page with a tree grid (client/tree-moves.js).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { richTextAssets } from './rich-text.ts';

/** Where every admin page links its one script (same origin: the admin's CSP allows nothing else). */
export const adminScriptPath = '/admin/admin.js';

const treeMovesPath = '/admin/tree-moves.js';

const clientFile = (name: string) => readFileSync(join(import.meta.dirname, 'client', name), 'utf8');

/**
 * admin.js after one line naming the URLs only the server knows (the editor's carry its installed
 * version, so browsers may keep it a year). Read once: the files never change while the process runs.
 */
export const adminScriptText = `'use strict';\nconst adminAssets = ${JSON.stringify({ richText: richTextAssets, treeMoves: treeMovesPath })};\n${clientFile('admin.js')}`;
const treeMovesText = clientFile('tree-moves.js');

const script = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** GET /admin/admin.js and /admin/tree-moves.js: public (the login page links admin.js too), cached for an hour. */
export const adminScript = new Hono().get('/admin.js', (c) => c.body(adminScriptText, 200, script)).get('/tree-moves.js', (c) => c.body(treeMovesText, 200, script));
