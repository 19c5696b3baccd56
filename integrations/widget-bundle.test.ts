/**
 * The size budget of `/embed.js` (issue 14: at most 40,000 bytes minified and 15,000 gzipped) and
 * its hygiene: one self-contained script, no eval, nothing that looks like a secret.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleSize } from '../scripts/lib/bundle-size.ts';
import { buildWidget, WIDGET_FILE } from './widget-bundle.ts';

const MAX_MINIFIED_BYTES = 40_000;
const MAX_GZIP_BYTES = 15_000;

let dir: string;
let bundle: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'widget-'));
  // As inside `astro build`, which may run with NODE_ENV=development: the bundle is production all the same.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    await buildWidget(dir);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  bundle = await readFile(join(dir, WIDGET_FILE));
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the /embed.js bundle', () => {
  it('stays within the size budget', async () => {
    const size = await bundleSize(join(dir, WIDGET_FILE));
    expect(size.raw).toBeLessThanOrEqual(MAX_MINIFIED_BYTES);
    expect(size.gzip).toBeLessThanOrEqual(MAX_GZIP_BYTES);
  });

  it("is one classic script on Solid's production runtime, with no eval, no module syntax and no secrets", () => {
    const source = bundle.toString('utf8');
    expect(source).toContain('shop-product-card');
    expect(source).not.toContain('solid-dev-component');
    expect(source).not.toMatch(/\beval\(|new Function\(/);
    expect(source).not.toMatch(/^\s*(import|export)\s/m);
    expect(source).not.toMatch(/SYNC_SECRET|JWT_SECRET|SESSION_SECRET|sk_(test|live)_/);
  });
});
