/**
 * The admin's words for a refused field, in one place (issue 33 item 5): zod's own messages
 * ("Too small: expected string to have >=1 characters") become what a person would say ("Enter a
 * name."). Given to `safeParse` as its error map, it speaks only where a schema has no message of its
 * own: zod prefers a schema's message ("A SKU: letters, digits…") to this one, so those stay.
 *
 * A field is named by `labels` (its form's words for it, keyed by the issue's path joined with dots,
 * or by its last key), else by its key spelled out ("stockQty": "stock qty").
 */
import type { z } from 'zod';

/** A field's name as a noun phrase, e.g. `{ name: 'a name', urlKey: 'a URL key' }`. */
export type FieldLabels = Readonly<Record<string, string>>;

type Issue = Parameters<z.core.$ZodErrorMap>[0] & {
  path?: PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  format?: string;
  divisor?: number;
  keys?: string[];
};

const spelledOut = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replaceAll(/[._-]/g, ' ').toLowerCase();

function labelOf(path: readonly PropertyKey[], labels: FieldLabels): string {
  const keys = path.filter((part) => typeof part === 'string') as string[];
  const whole = keys.join('.');
  const last = keys.at(-1) ?? '';
  return labels[whole] ?? labels[last] ?? (last ? `the ${spelledOut(last)}` : 'this field');
}

/** "a name" → "Name", for a message that starts with it. */
const leading = (label: string) => {
  const bare = label.replace(/^(a|an|the) /, '');
  return `${bare[0]!.toUpperCase()}${bare.slice(1)}`;
};

const formats: Record<string, string> = {
  date: 'a date such as 2026-12-01',
  url: 'a web address starting with https://',
  email: 'an email address such as name@example.com',
};

/** What a person reads for one issue. */
export function humanMessage(issue: Issue, labels: FieldLabels = {}): string {
  const label = labelOf(issue.path ?? [], labels);
  const name = leading(label);
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return `Enter ${label}.`;
      return issue.expected === 'number' ? `${name}: enter a number, such as 12.50.` : `Enter ${label}.`;
    case 'too_small':
      if (issue.origin === 'string') return min <= 1 ? `Enter ${label}.` : `${name}: at least ${min} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? `Choose at least one for ${label.replace(/^(a|an|the) /, 'the ')}.` : `${name}: choose at least ${min}.`;
      return `${name}: ${min} or more.`;
    case 'too_big':
      if (issue.origin === 'string') return `${name}: at most ${max} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${name}: at most ${max}.`;
      return `${name}: at most ${max.toLocaleString('en')}.`;
    case 'not_multiple_of':
      return issue.divisor === 0.01 ? `${name}: at most two decimals, such as 12.50.` : `${name}: in steps of ${issue.divisor}.`;
    case 'invalid_value':
      return `Choose ${label}.`;
    case 'invalid_format':
      return `${name}: enter ${formats[issue.format ?? ''] ?? 'it in the form shown'}.`;
    case 'unrecognized_keys':
      return `This form does not take ${(issue.keys ?? []).join(', ')}.`;
    default:
      return `Check ${label}.`;
  }
}

/** The error map to parse a form with: `schema.safeParse(input, { error: humanErrors(labels) })`. */
export const humanErrors =
  (labels: FieldLabels = {}) =>
  (issue: Issue) =>
    humanMessage(issue, labels);
