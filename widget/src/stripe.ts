/**
 * Card payments with Stripe (SPEC.md widget behaviour 6): Stripe.js is loaded only when the store's
 * provider is `stripe`, with the publishable key from the config answer. The Payment Element is
 * mounted in a light-DOM element slotted into the lightbox, since Stripe's iframes cannot mount
 * inside a shadow root. It is created in deferred mode (amount and currency, no intent yet), so the
 * intent is made at "place order" for the final total, then confirmed without leaving the page.
 */
interface StripeElements {
  create(type: 'payment'): { mount(element: HTMLElement): void };
  update(options: { amount: number }): void;
  submit(): Promise<{ error?: { message?: string } }>;
}

interface StripeClient {
  elements(options: { mode: 'payment'; amount: number; currency: string }): StripeElements;
  confirmPayment(options: { elements: StripeElements; clientSecret: string; redirect: 'if_required' }): Promise<{ error?: { message?: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeClient;
  }
}

let loading: Promise<void> | null = null;

/** Adds a script once; resolves when it has run. */
export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement('script'), { src, async: true, onload: resolve, onerror: reject });
    document.head.append(script);
  });
}

export interface StripePayment {
  /** Follows the total as shipping changes. */
  setAmount(amount: number): void;
  /** Checks the card fields; then pays the intent the store created (throws with Stripe's message). */
  pay(clientSecret: string | null): Promise<void>;
  validate(): Promise<void>;
}

/** Minor units for Stripe (two-decimal currencies, as the backend's provider assumes). */
const minor = (amount: number) => Math.round(amount * 100);

export async function mountStripe(publishableKey: string, slot: HTMLElement, amount: number, currency: string): Promise<StripePayment> {
  loading ??= loadScript('https://js.stripe.com/v3/');
  await loading;
  const stripe = window.Stripe!(publishableKey);
  const elements = stripe.elements({ mode: 'payment', amount: minor(amount), currency: currency.toLowerCase() });
  // An earlier checkout's element is still in the slot (light DOM outlives the view): replaced.
  slot.replaceChildren();
  elements.create('payment').mount(slot);
  const fail = (error?: { message?: string }) => {
    if (error) throw new Error(error.message ?? 'The card could not be charged.');
  };
  return {
    setAmount: (next) => elements.update({ amount: minor(next) }),
    validate: async () => fail((await elements.submit()).error),
    pay: async (clientSecret) => {
      if (!clientSecret) throw new Error('The store did not start a Stripe payment.');
      fail((await stripe.confirmPayment({ elements, clientSecret, redirect: 'if_required' })).error);
    },
  };
}
