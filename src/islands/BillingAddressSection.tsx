/**
 * Checkout's billing address: "same as shipping" by default; unticked, a second set of address
 * fields named "billing.…" (autofilled from the browser's billing card). Its country is its own:
 * shipping is priced by the shipping address only.
 */
import { createEffect, createSignal, Show } from 'solid-js';
import type { Address } from '../lib/client/types.ts';
import type { Country } from '../lib/content/schemas.ts';
import AddressFields from './AddressFields.tsx';

interface Props {
  countries: Country[];
  defaultCountry: string;
  same: boolean;
  onSameChange: (same: boolean) => void;
  initial: Address | null;
}

export default function BillingAddressSection(props: Props) {
  const [country, setCountry] = createSignal(props.defaultCountry);
  // A billing address to start from (the draft's, the account's default) brings its country.
  createEffect(() => {
    const start = props.initial?.countryId;
    if (start && props.countries.some((entry) => entry.id === start)) setCountry(start);
  });
  return (
    <section class="panel" aria-labelledby="billing-heading">
      <h2 id="billing-heading">Billing address</h2>
      <label class="choice">
        <input type="checkbox" name="billingSame" checked={props.same} onChange={(e) => props.onSameChange(e.currentTarget.checked)} />
        <span>Same as the shipping address</span>
      </label>
      <Show when={!props.same}>
        <AddressFields
          idPrefix="bi"
          namePrefix="billing."
          autocompleteSection="billing"
          countries={props.countries}
          country={country()}
          onCountryChange={setCountry}
          initial={props.initial}
        />
      </Show>
    </section>
  );
}
