/**
 * Recent corrections of query words (query.ts's correctTerms), kept in memory for a minute: shoppers
 * repeat the same few words, and each correction is a scan of the vocabulary that holds the request's
 * turn at the embedded database (issue 31's load). A minute is the longest a product's new word can
 * go uncorrected to, and a backend beside this one (two-backends) shares nothing it could contradict.
 */
const TTL_MS = 60_000;
/** Bounded: a flood of distinct random words evicts the oldest, never grows the heap. */
const MAX_ENTRIES = 5_000;

export class CorrectionCache {
  readonly #entries = new Map<string, { word: string; until: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  get(term: string): string | undefined {
    const entry = this.#entries.get(term);
    if (entry === undefined) return undefined;
    if (entry.until > this.#now()) return entry.word;
    this.#entries.delete(term);
    return undefined;
  }

  set(term: string, word: string): void {
    this.#entries.delete(term);
    // A Map iterates in insertion order: the first key is the oldest.
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(term, { word, until: this.#now() + TTL_MS });
  }
}
