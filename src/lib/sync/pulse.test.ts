import { describe, expect, it } from 'vitest';
import { digestEntries, nextPulse } from './pulse.ts';

const now = new Date('2026-11-22T10:00:00Z');

describe('pulse hashing', () => {
  it('digests entries independently of their order', async () => {
    const a = { key: 'default:config', hash: 'a1' };
    const b = { key: 'default:countries', hash: 'b1' };
    expect(await digestEntries([a, b])).toBe(await digestEntries([b, a]));
    expect(await digestEntries([a, b])).not.toBe(await digestEntries([a, { ...b, hash: 'b2' }]));
  });

  it('gives the same hash for the same content and a new one for any change', async () => {
    const first = await nextPulse(null, { 'default:config': 'd1', 'au:config': 'd2' }, now);
    const same = await nextPulse(first, { 'default:config': 'd1' }, now);
    const changed = await nextPulse(first, { 'au:config': 'd3' }, now);
    expect(first.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(same.hash).toBe(first.hash);
    expect(changed.hash).not.toBe(first.hash);
    expect(changed.digests).toEqual({ 'default:config': 'd1', 'au:config': 'd3' });
    expect(first.updatedAt).toBe('2026-11-22T10:00:00.000Z');
  });
});
