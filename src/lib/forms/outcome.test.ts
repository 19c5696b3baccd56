import { describe, expect, it } from 'vitest';
import { formOutcome } from './outcome.ts';

describe('formOutcome', () => {
  it('is the success message on 201', () => {
    expect(formOutcome(201, { status: 'ok', message: 'Thanks, we will write back.' })).toEqual({ ok: true, message: 'Thanks, we will write back.', errors: {} });
  });

  it('carries the field errors of a 422', () => {
    const body = { error: 'validation_failed', message: 'Check the fields.', status: 'invalid', errors: { email: 'Enter a valid email address.' } };
    expect(formOutcome(422, body)).toEqual({ ok: false, message: 'Check the fields.', errors: { email: 'Enter a valid email address.' } });
  });

  it('says what a 400 or 429 says, and never a 5xx body', () => {
    expect(formOutcome(400, { error: 'too_fast', message: 'That was quick. Please try again.' }).message).toBe('That was quick. Please try again.');
    expect(formOutcome(429, null).message).toMatch(/Too many/);
    expect(formOutcome(500, { message: 'stack trace here' }).message).not.toMatch(/stack/);
  });
});
