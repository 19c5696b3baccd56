import type { PaymentProvider, PaymentProviders } from './provider.ts';
import { stripeProvider, type StripeSettings } from './stripe-provider.ts';
import { testProvider } from './test-provider.ts';

export interface PaymentSettings {
  /** PAYMENT_PROVIDER, or when it is unset "stripe" if its keys are configured, else "test" (env.ts). */
  defaultProvider: 'test' | 'stripe';
  stripe?: StripeSettings;
}

/**
 * The providers this shop offers (DECISIONS.md 57): Stripe when its keys are set; the test provider
 * only when it is the default, i.e. PAYMENT_PROVIDER=test or no live provider configured, so a shop
 * with live keys never takes fake card numbers.
 */
export function paymentProviders(settings: PaymentSettings): PaymentProviders {
  const all: PaymentProvider[] = [];
  if (settings.stripe) all.push(stripeProvider(settings.stripe));
  if (settings.defaultProvider === 'test') all.push(testProvider());
  if (settings.defaultProvider === 'stripe' && !settings.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY.');
  all.sort((a, b) => Number(b.code === settings.defaultProvider) - Number(a.code === settings.defaultProvider));
  return { defaultCode: settings.defaultProvider, all, get: (code) => all.find((p) => p.code === code) };
}
