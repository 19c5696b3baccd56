/**
 * The submission payload's schema, built from a form's fields (the pipeline's validation step): each
 * field's type, requiredness, options and maxLength; unknown keys are dropped. Errors come back per
 * field key with a sentence a visitor understands.
 */
import { z } from 'zod';
import type { FormField } from '../../../../../contracts/custom-form.ts';

export type PayloadValue = string | number | boolean | null;

/** Text fields default to this many characters when the form sets no maxLength. */
const DEFAULT_MAX_LENGTH = 5000;
const TEL = /^\+?[0-9 ()./-]{5,30}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function textRule(field: FormField): z.ZodType<string> {
  const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
  const text = z.string({ error: `${field.label} must be text.` }).trim().max(max, `${field.label} can be at most ${max} characters.`);
  switch (field.type) {
    case 'email':
      return text.pipe(z.email(`Enter a valid email address for ${field.label}.`));
    case 'url':
      return text.pipe(z.url({ protocol: /^https?$/, error: `Enter a web address (https://…) for ${field.label}.` }));
    case 'tel':
      return text.regex(TEL, `Enter a phone number for ${field.label}.`);
    case 'date':
      return text.regex(DATE, `Enter a date (YYYY-MM-DD) for ${field.label}.`).refine((value) => !Number.isNaN(Date.parse(value)), `Enter a real date for ${field.label}.`);
    case 'select':
    case 'radio': {
      const values = (field.options ?? []).map((option) => option.value);
      return text.refine((value) => values.includes(value), `Choose one of the options for ${field.label}.`);
    }
    default:
      return text;
  }
}

function fieldRule(field: FormField): z.ZodType<PayloadValue> {
  if (field.type === 'checkbox') {
    const box = z.boolean({ error: `${field.label} must be ticked or not.` });
    return field.required ? box.refine((value) => value, `${field.label} must be ticked.`) : box;
  }
  const value = field.type === 'number' ? z.coerce.number({ error: `${field.label} must be a number.` }).finite(`${field.label} must be a number.`) : textRule(field);
  return z.unknown().transform((raw, ctx): PayloadValue => {
    if (blank(raw)) {
      if (field.required) ctx.addIssue({ code: 'custom', message: `${field.label} is required.` });
      return field.type === 'number' ? null : '';
    }
    const parsed = value.safeParse(raw);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `${field.label} is not valid.` });
    return z.NEVER;
  });
}

export type ValidationResult = { ok: true; payload: Record<string, PayloadValue> } | { ok: false; errors: Record<string, string> };

export function validatePayload(fields: readonly FormField[], payload: Record<string, unknown>): ValidationResult {
  const schema = z.object(Object.fromEntries(fields.map((field) => [field.key, fieldRule(field)])));
  // Only the form's keys are read; a missing value is blank (an unticked box is false).
  const input = Object.fromEntries(fields.map((field) => [field.key, payload[field.key] ?? (field.type === 'checkbox' ? false : null)]));
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, payload: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
