/**
 * A gift card's settings as the admin types them, on New product and in the Gift card section of
 * its page: its kind, its amounts (comma-separated) and whether shoppers may choose their own
 * amount, within a range. On the page the section is a part of the product's one form, saved with the
 * rest by its one Save (products/admin/page-save.ts, `giftcard`, which replaces the settings) with
 * the version the page was loaded at; errors show by their field with everything typed kept. Carts
 * keep the amount a shopper chose (a card is worth what it costs), so changing the amounts leaves the
 * carts' lines as they are.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { getAdminProduct, productEtag, type AdminProduct } from '../../products/service.ts';

type Typed = Record<string, string | string[]>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

/**
 * The typed settings as the API takes them. Without an own amount the range is dropped rather than
 * refused, so switching the option off is enough to close it.
 */
export function typedGiftcard(typed: Typed) {
  const open = typed['giftcard.allowOpenAmount'] !== undefined;
  const bound = (name: string) => {
    const value = first(typed[name]).trim();
    return !open || value === '' ? null : Number(value);
  };
  const list = (value: string | string[] | undefined) => first(value).split(/[\s,]+/).filter(Boolean).map(Number);
  // A store view's own amounts (`giftcard.storeAmounts.{code}`); blank: it offers the amounts above.
  const own = Object.entries(typed).flatMap(([name, value]) => {
    const code = /^giftcard\.storeAmounts\.(.+)$/.exec(name)?.[1];
    return code && first(value).trim() !== '' ? [[code, list(value)] as const] : [];
  });
  return {
    giftcardType: first(typed['giftcard.giftcardType']) || 'virtual',
    amounts: list(typed['giftcard.amounts']),
    ...(own.length > 0 ? { storeAmounts: Object.fromEntries(own) } : {}),
    allowOpenAmount: open,
    openAmountMin: bound('giftcard.openAmountMin'),
    openAmountMax: bound('giftcard.openAmountMax'),
  };
}

/** The form field of a settings path (`giftcard.amounts.1` is the amounts' field). */
const giftcardField = (path: readonly PropertyKey[]) => (path[0] === 'storeAmounts' && path[1] !== undefined ? `giftcard.storeAmounts.${String(path[1])}` : `giftcard.${String(path[0] ?? 'amounts')}`);

export interface GiftcardFormState {
  typed: Typed;
  etag: string;
  errors: Record<string, string>;
  error?: string;
}

function savedTyped(product: AdminProduct): Typed {
  const card = product.giftcard;
  return {
    'giftcard.giftcardType': card?.giftcardType ?? 'virtual',
    'giftcard.amounts': (card?.amounts ?? []).join(', '),
    'giftcard.openAmountMin': card?.openAmountMin === null || card?.openAmountMin === undefined ? '' : String(card.openAmountMin),
    'giftcard.openAmountMax': card?.openAmountMax === null || card?.openAmountMax === undefined ? '' : String(card.openAmountMax),
    ...(card?.allowOpenAmount ? { 'giftcard.allowOpenAmount': 'on' } : {}),
    ...Object.fromEntries(Object.entries(card?.storeAmounts ?? {}).map(([code, amounts]) => [`giftcard.storeAmounts.${code}`, amounts.join(', ')])),
  };
}

export async function savedGiftcard(c: Context<AdminEnv>, id: number): Promise<GiftcardFormState> {
  const product = await getAdminProduct(c.var.db, id);
  return { typed: savedTyped(product), etag: productEtag(product), errors: {} };
}

const kinds = { virtual: 'Virtual (sent by email)', physical: 'Physical (shipped)', combined: 'Combined (both)' };

/** The section's fields, inside the product's one form (products/admin/product-page.ts), saved by its one Save. */
/** A store view as the section offers its own amounts: its code, name and currency. */
export interface GiftcardView {
  code: string;
  name: string;
  currency: string;
  isDefault: boolean;
}

export function giftcardForm(state: GiftcardFormState, views: readonly GiftcardView[] = []) {
  const { typed, errors } = state;
  const errorId = (name: string) => `giftcard-${name.replace('giftcard.', '')}-error`;
  const problem = (name: string) => (errors[name] ? html`<strong class="error" id="${errorId(name)}" role="alert">${errors[name]}</strong>` : '');
  const described = (name: string) => (errors[name] ? html`aria-invalid="true" aria-describedby="${errorId(name)}"` : '');
  // An amount field: a number input for the bounds, free text (comma-separated) for the amounts.
  const input = (name: string, label: string, one: boolean) =>
    html`<label>${label} <input name="${name}" value="${first(typed[name])}" ${one ? html`type="number" step="0.01" min="0"` : html`inputmode="decimal"`} ${described(name)} /></label>${problem(name)}`;
  return html`<h2 id="giftcard">Gift card</h2>
    ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}
      <label>Kind <select name="giftcard.giftcardType" ${described('giftcard.giftcardType')}>
        ${Object.entries(kinds).map(([kind, label]) => html`<option value="${kind}" ${first(typed['giftcard.giftcardType']) === kind ? 'selected' : ''}>${label}</option>`)}
      </select></label>${problem('giftcard.giftcardType')}
      ${input('giftcard.amounts', 'Amounts, comma-separated, in every store view without its own (e.g. 25, 50, 100)', false)}
      ${views.filter((view) => !view.isDefault).map((view) => input(`giftcard.storeAmounts.${view.code}`, `Amounts in ${view.name} (${view.currency}), comma-separated (blank: the amounts above)`, false))}
      <label><input type="checkbox" name="giftcard.allowOpenAmount" ${typed['giftcard.allowOpenAmount'] !== undefined ? 'checked' : ''} ${described('giftcard.allowOpenAmount')} /> Shoppers may choose their own amount</label>${problem('giftcard.allowOpenAmount')}
      ${input('giftcard.openAmountMin', 'Smallest own amount', true)}
      ${input('giftcard.openAmountMax', 'Largest own amount', true)}
      <p class="muted">Carts keep the amount a shopper already chose.</p>
`;
}

/** A service refusal of the settings (`giftcard.…`) as the section's state. */
export function giftcardRefusal(typed: Typed, etag: string, fields: Record<string, string>, message: string): GiftcardFormState {
  const errors = Object.fromEntries(Object.entries(fields).map(([name, text]) => [giftcardField(name.split('.').slice(1)), text]));
  return { typed, etag, errors, ...(Object.keys(errors).length > 0 ? {} : { error: message }) };
}

/** The typed settings as the API's patch (empty: as saved, left alone); the API's schema checks them with the rest. */
export function giftcardPatch(saved: AdminProduct, typed: Typed): { patch: { giftcard?: ReturnType<typeof typedGiftcard> } } {
  const before = typedGiftcard(savedTyped(saved));
  const now = typedGiftcard(typed);
  return { patch: JSON.stringify(before) === JSON.stringify(now) ? {} : { giftcard: now } };
}
