import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';
import type { IntentStatus, PaymentProvider } from './provider.ts';

/**
 * The default provider: no network, card numbers follow the common test-card conventions.
 * Intents start as requires_payment_method; {@link confirmTestCard} decides the outcome. Refunds
 * succeed at once; their reference comes from the idempotency key, so a retry answers the same
 * refund as Stripe's does.
 */
export function testProvider(): PaymentProvider {
  return {
    code: 'test',
    title: 'Test card payments',
    publishableKey: 'pk_test_local',
    async createIntent({ amountMinor, currency }) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`, status: 'requires_payment_method', amountMinor, currency };
    },
    async retrieveIntent(_id, stored) {
      return stored;
    },
    async cancelIntent(_id, stored) {
      return { ...stored, status: 'canceled' };
    },
    async refund({ amountMinor, idempotencyKey }) {
      return { id: `re_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`, status: 'succeeded', amountMinor };
    },
  };
}

/** Test numbers and what they do; any other Luhn-valid number succeeds, like a real card would. */
const outcomes: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'The card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'The card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'The card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: 'The card\'s security code is incorrect.' },
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The status a test card leads to, or a typed decline (422 payment_declined with the decline code). */
export function confirmTestCard(cardNumber: string): IntentStatus {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    throw new AppError('invalid', 'invalid_card_number', 'The card number is not valid.', [{ location: 'json', field: 'cardNumber', message: 'Not a card number.' }]);
  }
  const outcome = outcomes[digits];
  if (outcome) throw new AppError('unprocessable', 'payment_declined', outcome.message, { declineCode: outcome.code });
  return 'succeeded';
}
