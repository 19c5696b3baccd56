/**
 * The size budget of the widget (issue 34): what a host page loads first (`/embed.js` and the main
 * module it imports) at most 40,000 bytes minified and 15,000 gzipped; each chunk loaded on first
 * use (the checkout, the composite products' choices) at most 20,000 gzipped. And its hygiene: a
 * classic loader, modules with no eval and nothing that looks like a secret.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleSize } from '../scripts/lib/bundle-size.ts';
import { buildWidget, type WidgetFiles } from './widget-bundle.ts';

const MAX_FIRST_LOAD_BYTES = 40_000;
const MAX_FIRST_LOAD_GZIP_BYTES = 15_000;
const MAX_CHUNK_GZIP_BYTES = 20_000;

let dir: string;
let files: WidgetFiles;
const text = (file: string) => readFile(join(dir, file), 'utf8');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'widget-'));
  // As inside `astro build`, which may run with NODE_ENV=development: the bundle is production all the same.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    files = await buildWidget(dir);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the widget bundle', () => {
  it('loads first within 40,000 B raw and 15,000 B gzip, and each chunk within 20,000 B gzip', async () => {
    const [loader, main] = await Promise.all([bundleSize(join(dir, files.loader)), bundleSize(join(dir, files.main))]);
    expect(loader.raw + main.raw).toBeLessThanOrEqual(MAX_FIRST_LOAD_BYTES);
    expect(loader.gzip + main.gzip).toBeLessThanOrEqual(MAX_FIRST_LOAD_GZIP_BYTES);
    expect(files.chunks.map((chunk) => chunk.name).sort()).toEqual(['checkout-view', 'composite-choices']);
    for (const chunk of files.chunks) expect((await bundleSize(join(dir, chunk.file))).gzip).toBeLessThanOrEqual(MAX_CHUNK_GZIP_BYTES);
  });

  it("is a classic loader of modules on Solid's production runtime, with no eval and no secrets", async () => {
    const loader = await text(files.loader);
    expect(loader).not.toMatch(/^\s*(import|export)\s/m);
    expect(loader).toContain(files.main);
    const main = await text(files.main);
    expect(main).toContain('shop-product-card');
    for (const file of [files.loader, files.main, ...files.chunks.map((chunk) => chunk.file)]) {
      const source = await text(file);
      expect(source).not.toContain('solid-dev-component');
      expect(source).not.toMatch(/\beval\(|new Function\(/);
      expect(source).not.toMatch(/SYNC_SECRET|JWT_SECRET|SESSION_SECRET|sk_(test|live)_/);
    }
  });
});
