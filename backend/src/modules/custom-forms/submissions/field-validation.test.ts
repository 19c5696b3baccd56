import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../../../contracts/custom-form.ts';
import { validatePayload } from './field-validation.ts';

const field = (key: string, type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({ key, label: key, type, required: false, ...extra });

describe('validatePayload', () => {
  it('accepts a good payload, trims text and drops keys the form does not have', () => {
    const fields = [field('name', 'text', { required: true }), field('qty', 'number'), field('consent', 'checkbox', { required: true })];
    expect(validatePayload(fields, { name: '  Ada ', qty: '3', consent: true, admin: true })).toEqual({ ok: true, payload: { name: 'Ada', qty: 3, consent: true } });
  });

  it.each([
    ['email', 'ada@', /valid email/],
    ['url', 'javascript:alert(1)', /web address/],
    ['tel', 'call me', /phone number/],
    ['date', '2026-02-31x', /date/],
    ['number', 'twelve', /number/],
  ] as const)('refuses a bad %s', (type, value, message) => {
    const result = validatePayload([field('f', type)], { f: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.f).toMatch(message);
  });

  it('names every missing required field, an unticked consent and an unknown option', () => {
    const fields = [
      field('name', 'text', { required: true }),
      field('topic', 'select', { options: [{ value: 'order', label: 'Order' }] }),
      field('consent', 'checkbox', { required: true }),
    ];
    const result = validatePayload(fields, { name: ' ', topic: 'other', consent: false });
    expect(result).toEqual({ ok: false, errors: { name: 'name is required.', topic: 'Choose one of the options for topic.', consent: 'consent must be ticked.' } });
  });

  it('keeps maxLength, with a default for text', () => {
    expect(validatePayload([field('m', 'textarea', { maxLength: 5 })], { m: 'too long' }).ok).toBe(false);
    expect(validatePayload([field('m', 'textarea')], { m: 'x'.repeat(5001) }).ok).toBe(false);
    expect(validatePayload([field('m', 'textarea')], { m: 'x'.repeat(5000) }).ok).toBe(true);
  });

  it('leaves an optional empty field empty', () => {
    expect(validatePayload([field('phone', 'tel'), field('qty', 'number')], {})).toEqual({ ok: true, payload: { phone: '', qty: null } });
  });
});
