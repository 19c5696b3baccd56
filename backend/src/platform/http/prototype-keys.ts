/**
 * A key named `__proto__`, in a JSON body, a form or a query, is refused (400) rather than dropped.
 * JSON.parse makes it an ordinary key, but zod's records and objects skip it without a word and code
 * that copies keys onto a plain object would set that object's prototype instead: either way the
 * caller's field vanishes and the answer is a 2xx (a store view's price named `__proto__` created the
 * product without it). No field of ours has that name, so refusing costs nobody anything.
 */

export const PROTOTYPE_KEY = '__proto__';

/**
 * Whether JSON text could hold the key: it is spelled out, or escaped (`\u005f_proto__`), which any
 * `\u` escape may be. Most bodies have neither, so they are not parsed twice.
 */
const mayNamePrototype = /__proto__|\\u/i;

export function mayHoldPrototypeKey(jsonText: string): boolean {
  return mayNamePrototype.test(jsonText);
}

/** A form or query field name, or one of its dotted or bracketed segments (`a.__proto__.b`, `a[__proto__]`), naming it. */
export function namesPrototype(name: string): boolean {
  return name.split(/[.[\]]/).includes(PROTOTYPE_KEY);
}
