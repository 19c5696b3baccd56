/**
 * A submitted form's values as the headless API's `payload` (DECISIONS.md 18): one entry per field
 * of the form's schema, typed by the field (a checkbox is a boolean, a number a number when it reads
 * as one); anything the schema does not name is left out. The backend validates the rest. Used by
 * the storefront's form route (form-post.ts) for posts with and without JavaScript.
 */

export type PayloadValue = string | number | boolean | null;

/** A field as far as its value's type goes. */
interface TypedField {
  key: string;
  type: string;
}

/** The names the captcha widgets give their token inputs, by provider. */
export const CAPTCHA_RESPONSE_FIELDS = ['cf-turnstile-response', 'h-captcha-response', 'g-recaptcha-response'] as const;

function text(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : '';
}

export function payloadOf(fields: readonly TypedField[], data: FormData): Record<string, PayloadValue> {
  const payload: Record<string, PayloadValue> = {};
  for (const field of fields) {
    const value = text(data.get(field.key));
    if (field.type === 'checkbox') payload[field.key] = data.has(field.key);
    else if (field.type === 'number') payload[field.key] = value.trim() === '' ? null : Number.isFinite(Number(value)) ? Number(value) : value;
    else payload[field.key] = value;
  }
  return payload;
}

/** The captcha token a widget put in the form, if any. */
export function captchaTokenOf(data: FormData): string | undefined {
  for (const name of CAPTCHA_RESPONSE_FIELDS) {
    const value = text(data.get(name));
    if (value) return value;
  }
  return undefined;
}

/** What the visitor typed, as text, to refill the form after a failed no-JS post. */
export function typedValuesOf(fields: readonly TypedField[], data: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = text(data.get(field.key));
    if (value) values[field.key] = value;
  }
  return values;
}
