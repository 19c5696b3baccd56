import { describe, expect, it } from 'vitest';
import { CorrectionCache } from './correction-cache.ts';

describe('CorrectionCache', () => {
  it('remembers a correction for a minute, then asks again', () => {
    let now = 0;
    const cache = new CorrectionCache(() => now);
    cache.set('jakcet', 'jacket');
    now = 59_999;
    expect(cache.get('jakcet')).toBe('jacket');
    now = 60_000;
    expect(cache.get('jakcet')).toBeUndefined();
  });

  it('keeps at most 5,000 words, dropping the oldest first', () => {
    const cache = new CorrectionCache(() => 0);
    for (let i = 0; i <= 5_000; i++) cache.set(`word${i}`, `word${i}`);
    expect(cache.get('word0')).toBeUndefined();
    expect(cache.get('word1')).toBe('word1');
    expect(cache.get('word5000')).toBe('word5000');
  });
});
