/** Stripe's vocabulary, which the test provider mirrors so checkout treats both alike. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface ProviderIntent {
  id: string;
  /** Handed to the browser to confirm the payment (Stripe.js, or the test confirm route). */
  clientSecret: string | null;
  status: IntentStatus;
  /** Minor units (cents). */
  amountMinor: number;
  currency: string;
}

export interface CreateIntentInput {
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  cartId: number;
  /** Retrying creation with the same key must not make a second intent. */
  idempotencyKey: string;
}

export interface RefundInput {
  paymentIntentId: string;
  /** Minor units; at most what is left of the payment (the provider refuses more). */
  amountMinor: number;
  /** ISO 4217, upper case: the payment's. */
  currency: string;
  /** Shown in the provider's dashboard next to the refund. */
  orderNumber: string;
  /** The same key answers the first refund again instead of refunding twice. */
  idempotencyKey: string;
}

/** Stripe's refund statuses: `succeeded` and `pending` mean the money is on its way back. */
export type RefundStatus = 'succeeded' | 'pending' | 'requires_action' | 'failed' | 'canceled';

export interface ProviderRefund {
  /** The provider's reference (Stripe's `re_…`). */
  id: string;
  status: RefundStatus;
  amountMinor: number;
}

/** What checkout and the admin's refunds need from a card payment provider (DECISIONS.md 22). */
export interface PaymentProvider {
  readonly code: string;
  readonly title: string;
  /** Public key for the browser/widget; never the secret. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The intent as the provider sees it now; `stored` is our copy (the test provider keeps its state there). */
  retrieveIntent(id: string, stored: ProviderIntent): Promise<ProviderIntent>;
  /** Gives back all or part of a succeeded payment; a refusal throws an AppError. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /**
   * Releases an authorized payment that was never captured (Stripe cancels the PaymentIntent), so the
   * customer's card is no longer held; answers the intent as the provider leaves it. A refusal throws.
   */
  cancelIntent(id: string, stored: ProviderIntent): Promise<ProviderIntent>;
}

export interface PaymentProviders {
  defaultCode: string;
  all: PaymentProvider[];
  get(code: string): PaymentProvider | undefined;
}

/** Statuses that mean the money is secured: checkout may place the order. */
export const paidStatuses: ReadonlySet<IntentStatus> = new Set(['succeeded', 'requires_capture']);
