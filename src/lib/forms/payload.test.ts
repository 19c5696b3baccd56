import { describe, expect, it } from 'vitest';
import { captchaTokenOf, payloadOf, typedValuesOf } from './payload.ts';

const fields = [
  { key: 'name', type: 'text' },
  { key: 'qty', type: 'number' },
  { key: 'consent', type: 'checkbox' },
  { key: 'topic', type: 'select' },
] as const;

function formData(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('payloadOf', () => {
  it('types values by field and leaves out what the schema does not name', () => {
    const data = formData([['name', 'Ada'], ['qty', '12'], ['consent', 'on'], ['topic', ''], ['is_admin', '1']]);
    expect(payloadOf(fields, data)).toEqual({ name: 'Ada', qty: 12, consent: true, topic: '' });
  });

  it('sends an unchecked box as false, an empty number as null and a non-number as typed', () => {
    expect(payloadOf(fields, formData([['qty', '']]))).toMatchObject({ qty: null, consent: false, name: '' });
    expect(payloadOf(fields, formData([['qty', 'twelve']]))).toMatchObject({ qty: 'twelve' });
  });
});

describe('captchaTokenOf and typedValuesOf', () => {
  it('finds the widget token under any provider name', () => {
    expect(captchaTokenOf(formData([['h-captcha-response', 'tok']]))).toBe('tok');
    expect(captchaTokenOf(formData([]))).toBeUndefined();
  });

  it('keeps what was typed, as text', () => {
    expect(typedValuesOf(fields, formData([['name', 'Ada'], ['qty', 'x'], ['other', 'y']]))).toEqual({ name: 'Ada', qty: 'x' });
  });
});
