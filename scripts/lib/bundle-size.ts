/** The bytes a browser downloads for a script: raw, and compressed as servers send it. */
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface BundleSize {
  raw: number;
  gzip: number;
  brotli: number;
}

export async function bundleSize(file: string): Promise<BundleSize> {
  const bytes = await readFile(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
