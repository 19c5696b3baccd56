import type { StoreConfig } from '../../../../contracts/store-config.ts';
import { TEST_CARD_HANDLER } from './ucp-version.ts';

export type PaymentProvider = NonNullable<StoreConfig['widget']>['paymentProvider'];

/**
 * The payment handlers an agent may name in checkout_complete: the test card while the backend's
 * provider is the test one. A live provider (Stripe) takes no card through an agent: the buyer pays
 * on the store's checkout page, so no handler is offered (the business profile and every checkout
 * say the same).
 */
export function agentPaymentHandlers(provider: PaymentProvider): { id: string; name: string }[] {
  return provider === 'test' ? [{ id: TEST_CARD_HANDLER, name: 'dev.shop.test_card' }] : [];
}

/** The store's provider as synced (`{store}:config`); a config synced from a backend older than the widget keys had only the test provider. */
export function paymentProviderOf(config: StoreConfig | null): PaymentProvider {
  return config?.widget?.paymentProvider ?? 'test';
}
