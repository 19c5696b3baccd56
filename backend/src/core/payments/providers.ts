import type { PaymentProvider, PaymentProviders } from './provider.ts';
import { stripeProvider, type StripeSettings } from './stripe-provider.ts';
import { testProvider } from './test-provider.ts';

export interface PaymentSettings {
  /** "test" unless Stripe keys are configured and chosen. */
  defaultProvider: 'test' | 'stripe';
  stripe?: StripeSettings;
  /** Offer the test provider even when Stripe is the default (never in production). */
  enableTestProvider?: boolean;
}

/** The providers this shop offers: test always in development, Stripe when its keys are set. */
export function paymentProviders(settings: PaymentSettings): PaymentProviders {
  const all: PaymentProvider[] = [];
  if (settings.stripe) all.push(stripeProvider(settings.stripe));
  if (settings.defaultProvider === 'test' || settings.enableTestProvider === true) all.push(testProvider());
  if (settings.defaultProvider === 'stripe' && !settings.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY.');
  all.sort((a, b) => Number(b.code === settings.defaultProvider) - Number(a.code === settings.defaultProvider));
  return { defaultCode: settings.defaultProvider, all, get: (code) => all.find((p) => p.code === code) };
}
