import type { Caller, FuzzCase } from './openapi-cases.ts';
import { seededRandom } from './prng.ts';

const callerOrder: Record<Caller, number> = { none: 0, customer: 1, admin: 2 };

/**
 * The cases to send, in a seeded random order (or a seeded sample of `limit` of them), arranged so
 * the fuzzer does not destroy what later cases need: guests first, then the customer, then the admin,
 * and every DELETE after the rest (an admin may delete the customer whose token is in use).
 */
export function orderForSending(cases: readonly FuzzCase[], seed: number, limit?: number): FuzzCase[] {
  const shuffled = seededRandom(seed).shuffle(cases);
  const chosen = limit === undefined ? shuffled : sampleCoveringEveryOperation(shuffled, limit);
  const rank = (c: FuzzCase) => (c.method === 'DELETE' ? 10 : 0) + callerOrder[c.caller];
  // Array.prototype.sort is stable: the seeded order holds within each rank.
  return chosen.sort((a, b) => rank(a) - rank(b));
}

/**
 * `limit` cases of the shuffled ones, holding at least one case of every operation as every caller
 * (marked `covers`, so a sender short of time still sends them): a plain random sample of a few
 * thousand out of tens of thousands leaves some operations unsent, and a route no sample reaches is
 * one CI never fuzzes. The rest are the first of the shuffled order.
 */
function sampleCoveringEveryOperation(shuffled: readonly FuzzCase[], limit: number): FuzzCase[] {
  const covered = new Set<string>();
  const firsts: FuzzCase[] = [];
  const others: FuzzCase[] = [];
  for (const fuzzCase of shuffled) {
    const key = `${fuzzCase.operation} as ${fuzzCase.caller}`;
    if (covered.has(key)) others.push(fuzzCase);
    else {
      covered.add(key);
      firsts.push({ ...fuzzCase, covers: true });
    }
  }
  return [...firsts, ...others.slice(0, Math.max(0, limit - firsts.length))];
}
