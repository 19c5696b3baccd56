import { describe, expect, it } from 'vitest';
import { Random } from './random.ts';

describe('Random', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = new Random(42);
    const b = new Random(42);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => new Random(43).next())).not.toEqual(seqA);
  });

  it('stays in range', () => {
    const r = new Random(7);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('forks independent, reproducible streams', () => {
    const base = new Random(1);
    expect(base.fork('products').next()).toBe(new Random(1).fork('products').next());
    expect(base.fork('products').next()).not.toBe(base.fork('blog').next());
  });

  it('samples distinct items', () => {
    const picked = new Random(3).sample([1, 2, 3, 4, 5], 3);
    expect(new Set(picked).size).toBe(3);
  });
});
