import { describe, expect, it } from 'vitest';
import { hexOf, sha256Hex } from './hex.ts';

describe('hex', () => {
  it('spells every byte in two lowercase digits, from a buffer or a view', () => {
    expect(hexOf(new Uint8Array([0, 1, 15, 16, 171, 255]))).toBe('00010f10abff');
    expect(hexOf(new Uint8Array([10, 11]).buffer)).toBe('0a0b');
  });

  it('spells SHA-256 in lowercase hex', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
