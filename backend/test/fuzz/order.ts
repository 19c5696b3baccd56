import type { Caller, FuzzCase } from './openapi-cases.ts';
import { seededRandom } from './prng.ts';

const callerOrder: Record<Caller, number> = { none: 0, customer: 1, admin: 2 };

/**
 * The cases to send, in a seeded random order (or a seeded sample of `limit` of them), arranged so
 * the fuzzer does not destroy what later cases need: guests first, then the customer, then the admin,
 * and every DELETE after the rest (an admin may delete the customer whose token is in use).
 */
export function orderForSending(cases: readonly FuzzCase[], seed: number, limit?: number): FuzzCase[] {
  const shuffled = seededRandom(seed).shuffle(cases).slice(0, limit ?? cases.length);
  const rank = (c: FuzzCase) => (c.method === 'DELETE' ? 10 : 0) + callerOrder[c.caller];
  // Array.prototype.sort is stable: the seeded order holds within each rank.
  return shuffled.sort((a, b) => rank(a) - rank(b));
}
