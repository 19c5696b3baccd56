import { describe, expect, it } from 'vitest';
import { batches, SKUS_PER_REQUEST } from './batches.ts';

describe('batches', () => {
  it('cuts the SKUs into groups of at most 20, in order', () => {
    const skus = Array.from({ length: 45 }, (_, index) => `S${index}`);
    const groups = batches(skus);
    expect(groups.map((group) => group.length)).toEqual([SKUS_PER_REQUEST, SKUS_PER_REQUEST, 5]);
    expect(groups.flat()).toEqual(skus);
    expect(batches([])).toEqual([]);
  });
});
