/**
 * `<shop-product-card>`: one product as a card (image, name, price in the store's currency, stock
 * state) in an open shadow root. A product whose price B2B Access withholds shows the store's
 * message and a sign-in link instead of a price (SPEC.md "B2B product annotation"). The name is a
 * button whose click area covers the card (click or Enter opens the lightbox); behind a login wall
 * (`requiresLogin`) it is a link to the store's page instead.
 */
import { customElement } from './custom-element.ts';
import { Show } from 'solid-js';
import { cardCss } from './card-styles.ts';
import { CompositeChoices, isComposite } from './composite-chunk.tsx';
import { formatPrice } from './price.ts';
import { openView } from './view.ts';
import { accentCss, adoptStyles } from './styles.ts';
import { hiddenPriceMessage, type WidgetProduct } from './types.ts';

export interface CardProps {
  /** The record from `/embed/products`; nothing renders without one. */
  product: WidgetProduct | null;
  /** Currency code for the price. */
  currency: string;
  /** The store origin, for the sign-in link. */
  store: string;
}

export const CARD_TAG = 'shop-product-card';

const defaults: CardProps = { product: null, currency: 'USD', store: '' };

/** The store's sign-in page, coming back to the product's page (`returnTo`, as the storefront's links do). */
function signInUrl(product: WidgetProduct, store: string): string {
  const url = new URL('/login', store || product.url);
  url.searchParams.set('returnTo', new URL(product.url).pathname);
  return url.href;
}

function Card(props: { product: WidgetProduct; currency: string; store: string }) {
  const product = () => props.product;
  const price = (amount: number) => formatPrice(amount, props.currency);
  const onSale = () => {
    const { price: regular, finalPrice } = product();
    return regular !== null && finalPrice !== null && finalPrice < regular;
  };
  const inStock = () => product().stockStatus === 'in_stock';
  const preload = () => isComposite(product()) && void CompositeChoices.preload();
  return (
    <article class="card" part="card">
      <div class="image" part="image">
        <img src={product().imageUrl} alt={product().name} width="240" height="240" loading="lazy" decoding="async" />
      </div>
      <h3 class="name" part="name">
        <Show
          when={!product().gateFlags?.requiresLogin}
          fallback={<a class="open" href={product().url} target="_top">{product().name}</a>}
        >
          <button
            type="button"
            class="open"
            aria-haspopup="dialog"
            on:pointerenter={preload}
            on:focus={preload}
            on:click={() => openView({ kind: 'product', product: product() })}
          >
            {product().name}
          </button>
        </Show>
      </h3>
      <Show
        when={!product().gateFlags?.hidePrice && product().finalPrice !== null}
        fallback={
          <p class="hidden-price" part="hidden-price">
            {hiddenPriceMessage(product())}{' '}
            <a href={signInUrl(product(), props.store)} target="_top">Sign in</a>
          </p>
        }
      >
        <p class="price" part="price">
          {price(product().finalPrice ?? 0)}
          <Show when={onSale()}>
            <span class="was">{price(product().price ?? 0)}</span>
          </Show>
        </p>
      </Show>
      <p class={inStock() ? 'stock' : 'stock out'} part="stock">{inStock() ? 'In stock' : 'Out of stock'}</p>
    </article>
  );
}

export function defineProductCard(accent: string): void {
  customElement<CardProps>(CARD_TAG, defaults, (props, { element }) => {
    adoptStyles(element.renderRoot, accentCss(accent), cardCss);
    return (
      <Show when={props.product}>
        {(product) => <Card product={product()} currency={props.currency} store={props.store} />}
      </Show>
    );
  });
}
