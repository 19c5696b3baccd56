/**
 * The lightbox's forms for the types whose choice is more than options (issue 34), as the store's
 * product page offers them (src/components/GroupedItems, BundleOptions, DownloadableLinks,
 * GiftCardOptions): a quantity per member, a bundle's options (select, radios, checkboxes; "multi"
 * shows as checkboxes, as there), the downloads, and a gift card's amount, people and message.
 * Every change reports the choice (composite.ts) to the product view, which prices and adds it.
 * Loaded on first use: a chunk of its own.
 */
import { For, Show, createEffect, createSignal, type JSX } from 'solid-js';
import { bundleChoice, defaultBundle, giftcardChoice, groupedChoice, linksChoice, type CompositeChoice } from './composite.ts';
import type { WidgetBundleOption, WidgetProduct } from './types.ts';

interface Props {
  product: WidgetProduct;
  /** Formats an amount; null where prices are withheld (no price shown, no sum). */
  money: (amount: number | null) => string | null;
  onChange: (choice: CompositeChoice) => void;
}

const surcharge = (props: Props, price: number | null) => {
  const shown = price ? props.money(price) : null;
  return shown ? ` (+${shown})` : '';
};

function BundleOption(props: Props & { option: WidgetBundleOption; chosen: number[]; choose: (ids: number[]) => void }) {
  const label = (selection: WidgetBundleOption['selections'][number]) => `${selection.defaultQty > 1 ? `${selection.defaultQty} × ` : ''}${selection.name}${surcharge(props, selection.price)}`;
  const title = `${props.option.title}${props.option.required ? ' (required)' : ''}`;
  if (props.option.type === 'select') {
    return (
      <label>
        {title}
        <select on:change={(event) => props.choose(event.currentTarget.value ? [Number(event.currentTarget.value)] : [])}>
          <Show when={!props.option.required}>
            <option value="">None</option>
          </Show>
          <For each={props.option.selections}>{(selection) => <option value={selection.id} selected={props.chosen.includes(selection.id)}>{label(selection)}</option>}</For>
        </select>
      </label>
    );
  }
  const single = props.option.type === 'radio';
  const toggle = (id: number, on: boolean) => props.choose(single ? [id] : on ? [...props.chosen, id] : props.chosen.filter((other) => other !== id));
  return (
    <fieldset>
      <legend>{title}</legend>
      <For each={props.option.selections}>
        {(selection) => (
          <label class="choice">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`bundle-${props.option.id}`}
              checked={props.chosen.includes(selection.id)}
              on:change={(event) => toggle(selection.id, event.currentTarget.checked)}
            />
            {label(selection)}
          </label>
        )}
      </For>
    </fieldset>
  );
}

function Bundle(props: Props) {
  const [chosen, setChosen] = createSignal(defaultBundle(props.product));
  createEffect(() => props.onChange(bundleChoice(props.product, chosen())));
  return (
    <For each={props.product.bundleOptions}>
      {(option) => <BundleOption {...props} option={option} chosen={chosen()[option.id] ?? []} choose={(ids) => setChosen({ ...chosen(), [option.id]: ids })} />}
    </For>
  );
}

function Grouped(props: Props) {
  const inStock = (member: WidgetProduct['groupedProducts'][number]) => member.stockStatus === 'in_stock';
  const [quantities, setQuantities] = createSignal(Object.fromEntries(props.product.groupedProducts.map((member) => [member.sku, inStock(member) ? member.defaultQty : 0])));
  createEffect(() => props.onChange(groupedChoice(props.product, quantities())));
  return (
    <fieldset>
      <legend>Choose quantities</legend>
      <For each={props.product.groupedProducts}>
        {(member) => (
          <label>
            <span>
              {member.name}
              <small>{inStock(member) ? (props.money(member.finalPrice) ?? '') : 'Out of stock'}</small>
            </span>
            <input
              type="number"
              min="0"
              max="9999"
              value={quantities()[member.sku]}
              disabled={!inStock(member)}
              on:input={(event) => setQuantities({ ...quantities(), [member.sku]: Math.max(0, Math.floor(event.currentTarget.valueAsNumber) || 0) })}
            />
          </label>
        )}
      </For>
    </fieldset>
  );
}

function Downloads(props: Props) {
  // As on the store's page every download starts chosen.
  const [chosen, setChosen] = createSignal(props.product.downloadableLinks.map((link) => link.id));
  createEffect(() => props.onChange(linksChoice(props.product, chosen())));
  return (
    <fieldset>
      <legend>Downloads</legend>
      <For each={props.product.downloadableLinks}>
        {(link) => (
          <label class="choice">
            <input
              type="checkbox"
              checked
              on:change={(event) => setChosen(event.currentTarget.checked ? [...chosen(), link.id] : chosen().filter((id) => id !== link.id))}
            />
            {link.title}
            {surcharge(props, link.price)}
          </label>
        )}
      </For>
    </fieldset>
  );
}

const DELIVERY = { virtual: 'Delivered by email', physical: 'Shipped as a physical card', combined: 'Delivered by email and as a physical card' };

function GiftCard(props: Props) {
  const card = props.product.giftcard;
  // Withheld amounts are not offered (as on the store's page); the card is then not buyable anyway.
  const amounts = card?.amounts ?? [];
  const range = card?.openAmount;
  const byEmail = card?.type !== 'physical';
  const [form, setForm] = createSignal({ listed: amounts[0] ?? NaN, open: NaN, senderName: '', senderEmail: '', recipientName: '', recipientEmail: '', message: '' });
  createEffect(() => props.onChange(giftcardChoice(props.product, form())));
  const set = (field: string, value: string | number) => setForm({ ...form(), [field]: value });
  const text = (field: 'senderName' | 'senderEmail' | 'recipientName' | 'recipientEmail', label: string, autocomplete: string): JSX.Element => {
    const email = field.endsWith('Email');
    return (
      <label>
        {label}
        {email && !byEmail ? ' (optional)' : ''}
        <input type={email ? 'email' : 'text'} maxLength={email ? 254 : 100} autocomplete={autocomplete} required={!email || byEmail} on:input={(event) => set(field, event.currentTarget.value)} />
      </label>
    );
  };
  return (
    <>
      <Show when={amounts.length > 0}>
        <fieldset>
          <legend>Amount</legend>
          <For each={amounts}>
            {(amount, index) => (
              <label class="choice">
                <input type="radio" name="giftcard-amount" checked={index() === 0} on:change={() => set('listed', amount)} />
                {props.money(amount)}
              </label>
            )}
          </For>
        </fieldset>
      </Show>
      <Show when={range}>
        {(open) => (
          <label>
            {amounts.length ? 'Or enter an amount' : 'Amount'}
            <Show when={open().min !== null && open().max !== null}>
              <small>
                Between {props.money(open().min)} and {props.money(open().max)}
              </small>
            </Show>
            <input type="number" inputMode="decimal" step="0.01" min={open().min ?? undefined} max={open().max ?? undefined} on:input={(event) => set('open', event.currentTarget.valueAsNumber)} />
          </label>
        )}
      </Show>
      <Show when={card}>{(shown) => <p class="note">{DELIVERY[shown().type]}</p>}</Show>
      <fieldset>
        <legend>To</legend>
        {text('recipientName', 'Recipient name', 'off')}
        {text('recipientEmail', 'Recipient email', 'off')}
      </fieldset>
      <fieldset>
        <legend>From</legend>
        {text('senderName', 'Your name', 'name')}
        {text('senderEmail', 'Your email', 'email')}
      </fieldset>
      <label>
        Message (optional)
        <textarea maxLength={500} rows="3" on:input={(event) => set('message', event.currentTarget.value)} />
      </label>
    </>
  );
}

const FORMS: Partial<Record<WidgetProduct['type'], (props: Props) => JSX.Element>> = { bundle: Bundle, grouped: Grouped, downloadable: Downloads, giftcard: GiftCard };

export function CompositeChoices(props: Props) {
  const Form = FORMS[props.product.type];
  return Form ? <Form {...props} /> : null;
}
