/**
 * The add-to-cart button of a product's buy form. The form itself (options, bundle selections,
 * downloads, gift card details, quantities) is server HTML; this island reads it on submit, shows
 * the variant the chosen options pick (price, stock, image) or the price of the chosen bundle or
 * downloads (for a bundle with nothing chosen: what to choose instead of a price of 0), and reports
 * progress and errors. Without JavaScript the server-rendered note stands.
 */
import { createSignal, onCleanup, onMount, Show } from 'solid-js';
import { configuredPrice, missingChoice } from '../lib/catalog/purchase-choices.ts';
import {
  availableValues,
  cartRequest,
  chosenOptions,
  customerPriceDiffers,
  matchingVariant,
} from '../lib/catalog/purchase.ts';
import type { PurchaseInfo, VariantSummary } from '../lib/catalog/purchase-info.ts';
import { useHydrated } from '../lib/client/hydrated.ts';
import { errorMessage } from '../lib/client/display.ts';
import { isSignedIn } from '../lib/client/session.ts';
import { addToCart, loadCustomerPrice } from '../lib/client/shop-actions.ts';
import { priceFormatter } from '../lib/format/price.ts';

interface Props {
  formId: string;
  info: PurchaseInfo;
  locale: string;
  currency: string;
}

/**
 * Marks the values of each option select that no in-stock variant offers with the options chosen
 * so far as disabled and "(sold out)", and frees the others (the server HTML did the same with
 * nothing chosen). A chosen value stays chosen; the variant line then says it is out of stock.
 */
function markSoldOut(form: HTMLFormElement, info: PurchaseInfo, chosen: Record<string, number>): void {
  for (const code of info.optionCodes) {
    const select = form.elements.namedItem(`options[${code}]`);
    if (!(select instanceof HTMLSelectElement)) continue;
    const available = availableValues(info, chosen, code);
    for (const option of select.options) {
      if (option.value === '') continue;
      const soldOut = !available.has(Number(option.value));
      const label = option.dataset.label ?? option.text;
      option.disabled = soldOut && !option.selected;
      option.text = soldOut ? `${label} (sold out)` : label;
    }
  }
}

export default function AddToCart(props: Props) {
  const hydrated = useHydrated();
  const format = priceFormatter(props.locale, props.currency);
  const [pending, setPending] = createSignal(false);
  const [addedCount, setAddedCount] = createSignal<number | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  const [customerPrice, setCustomerPrice] = createSignal<number | null>(null);
  const [variant, setVariant] = createSignal<VariantSummary | null>(null);
  const [choicePrice, setChoicePrice] = createSignal<number | null>(null);
  const [bundleMissing, setBundleMissing] = createSignal<string | null>(null);
  let form: HTMLFormElement | null = null;

  const followChoice = () => {
    if (!form) return;
    const data = new FormData(form);
    if (props.info.type === 'configurable') {
      const chosen = chosenOptions(data, props.info.optionCodes);
      setVariant(matchingVariant(props.info, chosen));
      markSoldOut(form, props.info, chosen);
    }
    setChoicePrice(configuredPrice(props.info, data));
    // An empty bundle is no offer at 0: say what to choose where its price would stand.
    if (props.info.type === 'bundle') setBundleMissing(missingChoice(props.info, data));
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!form || pending()) return;
    setAddedCount(null);
    setError(null);
    const data = new FormData(form);
    const request = cartRequest(props.info, data);
    if (!request) {
      setError(missingChoice(props.info, data));
      return;
    }
    setPending(true);
    try {
      setAddedCount((await addToCart(request)).itemsQty);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  onMount(() => {
    form = document.getElementById(props.formId) as HTMLFormElement | null;
    if (!form) return;
    form.addEventListener('submit', submit);
    form.addEventListener('change', followChoice);
    followChoice();
    if (isSignedIn()) {
      // The page is the guest view; a customer group may have its own price (or see a withheld one).
      loadCustomerPrice(props.info.id).then(
        (price) => setCustomerPrice(customerPriceDiffers(props.info, price) ? price : null),
        (failure: unknown) => setError(`Your account price could not be loaded: ${errorMessage(failure)}`),
      );
    }
    onCleanup(() => {
      form?.removeEventListener('submit', submit);
      form?.removeEventListener('change', followChoice);
    });
  });

  const soldOut = () => !props.info.inStock || variant()?.inStock === false;

  return (
    <div class="add-to-cart">
      <Show when={customerPrice()}>
        {(price) => (
          <p class="variant-price" data-testid="customer-price">
            Your price: {format(price())}
          </p>
        )}
      </Show>
      <Show when={bundleMissing()}>
        {(message) => (
          <p class="muted" data-testid="choice-missing" aria-live="polite">
            {message()}
          </p>
        )}
      </Show>
      <Show when={choicePrice() !== null}>
        <p class="variant-price" data-testid="choice-price" aria-live="polite">
          {props.info.type === 'bundle' ? 'Your bundle' : 'With your downloads'}: {format(choicePrice() ?? 0)}
        </p>
      </Show>
      <Show when={variant()}>
        {(picked) => (
          <div class="variant" data-testid="variant">
            <img src={picked().imageUrl} alt="" width="56" height="56" loading="lazy" />
            <div>
              {/* A withheld price (null) shows no amount; the page's message stands for it. */}
              <Show when={picked().price !== null}>
                <p class="variant-price">
                  <Show when={picked().specialPrice !== null} fallback={format(picked().price ?? 0)}>
                    <span class="sale">{format(picked().specialPrice ?? 0)}</span> <s>{format(picked().price ?? 0)}</s>
                  </Show>
                </p>
              </Show>
              <p class="muted variant-meta">
                {picked().inStock ? 'In stock' : 'Out of stock'} · SKU {picked().sku}
              </p>
            </div>
          </div>
        )}
      </Show>
      <button class="button button--block add" type="submit" form={props.formId} disabled={!hydrated() || soldOut() || pending()}>
        {pending() ? 'Adding…' : soldOut() ? 'Out of stock' : 'Add to cart'}
      </button>
      <p class="status" role="status" aria-live="polite">
        <Show when={addedCount() !== null}>
          Added to your cart. <a href="/cart">View cart ({addedCount()})</a>
        </Show>
      </p>
      <Show when={error()}>
        {(message) => (
          <p class="error" role="alert">
            {message()}
          </p>
        )}
      </Show>
    </div>
  );
}
