import { isDeepStrictEqual } from 'node:util';

/** What a secret looks like in the audit log, whatever its value (DECISIONS.md 25: "********" when set). */
export const maskedSecret = '********';

/** One changed value per dotted path: `{"captcha.provider": {from: "none", to: "turnstile"}}`. */
export type AuditDiff = Record<string, { from: unknown; to: unknown }>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The difference between two configurations, as the audit log records it. Objects are compared key
 * by key (nested keys become dotted paths); anything else, arrays included, is one value (arrays
 * replace as a whole, DECISIONS.md 25). A path that is, or lies under, one of `secretPaths` shows
 * "********" for a value that is set and null for one that is not, so the log says a secret changed
 * (or was set or cleared) without holding it. Absent values show as null. Pure: no I/O.
 */
export function configDiff(before: unknown, after: unknown, secretPaths: readonly string[] = []): AuditDiff {
  const diff: AuditDiff = {};
  const isSecret = (path: string) => secretPaths.some((secret) => path === secret || path.startsWith(`${secret}.`));
  const shown = (path: string, value: unknown) => {
    if (value === undefined || value === null) return null;
    return isSecret(path) && value !== '' ? maskedSecret : value;
  };
  const walk = (path: string, a: unknown, b: unknown) => {
    // An object on one side and nothing on the other is compared as an empty object: leaves stay leaves.
    const objects = (isPlainObject(a) || a === undefined) && (isPlainObject(b) || b === undefined) && (a !== undefined || b !== undefined);
    if (objects && !isSecret(path)) {
      const [left, right] = [(a ?? {}) as Record<string, unknown>, (b ?? {}) as Record<string, unknown>];
      for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) walk(path === '' ? key : `${path}.${key}`, left[key], right[key]);
      return;
    }
    if (isDeepStrictEqual(a ?? null, b ?? null)) return;
    diff[path] = { from: shown(path, a), to: shown(path, b) };
  };
  walk('', before, after);
  return diff;
}
