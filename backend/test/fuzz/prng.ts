/**
 * A small seeded PRNG (mulberry32): the same seed draws the same cases, so a failure the fuzzer
 * prints (with its seed) reproduces exactly.
 */
export interface Random {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, below). */
  below(below: number): number;
  pick<T>(items: readonly T[]): T;
  /** A new array, shuffled (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return {
    seed,
    next,
    below,
    pick: (items) => items[below(items.length)]!,
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = below(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}

/** A seed from FUZZ_SEED when set (to replay a run), else a fresh one. */
export function seedFromEnv(env: Record<string, string | undefined> = process.env): number {
  const given = env.FUZZ_SEED;
  if (given !== undefined && /^\d+$/.test(given)) return Number(given) >>> 0;
  return Math.floor(Math.random() * 2 ** 32) >>> 0;
}
