/**
 * The address fields shared by checkout and the account's address book, so both collect the same
 * address (country, and region from the synced list when the country has regions) that
 * `addressFromForm` reads back. The country is the parent's state: checkout prices shipping by it.
 */
import { For, Show } from 'solid-js';
import type { Address } from '../lib/client/types.ts';
import type { Country } from '../lib/content/schemas.ts';

interface Props {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  countries: Country[];
  country: string;
  onCountryChange: (countryId: string) => void;
  /** Values to start from (a saved address), if any. */
  initial?: Address | null;
}

export default function AddressFields(props: Props) {
  const id = (name: string) => `${props.idPrefix}-${name}`;
  const regions = () => props.countries.find((entry) => entry.id === props.country)?.regions ?? [];
  return (
    <>
      <div class="form-grid form-grid--2">
        <div class="field">
          <label for={id('first')}>First name</label>
          <input class="input" id={id('first')} name="firstName" value={props.initial?.firstName ?? ''} autocomplete="given-name" required />
        </div>
        <div class="field">
          <label for={id('last')}>Last name</label>
          <input class="input" id={id('last')} name="lastName" value={props.initial?.lastName ?? ''} autocomplete="family-name" required />
        </div>
      </div>
      <div class="field">
        <label for={id('street')}>Street address</label>
        <input class="input" id={id('street')} name="street" value={props.initial?.street[0] ?? ''} autocomplete="address-line1" required />
      </div>
      <div class="form-grid form-grid--2">
        <div class="field">
          <label for={id('city')}>City</label>
          <input class="input" id={id('city')} name="city" value={props.initial?.city ?? ''} autocomplete="address-level2" required />
        </div>
        <div class="field">
          <label for={id('postcode')}>Postcode</label>
          <input class="input" id={id('postcode')} name="postcode" value={props.initial?.postcode ?? ''} autocomplete="postal-code" required />
        </div>
        <div class="field">
          <label for={id('country')}>Country</label>
          <span class="select-wrap">
            <select class="select" id={id('country')} name="countryId" autocomplete="country" required onChange={(e) => props.onCountryChange(e.currentTarget.value)}>
              <For each={props.countries}>
                {(entry) => (
                  <option value={entry.id} selected={entry.id === props.country}>
                    {entry.name}
                  </option>
                )}
              </For>
            </select>
          </span>
        </div>
        <div class="field">
          <label for={id('region')}>Region</label>
          <Show
            when={regions().length > 0}
            fallback={<input class="input" id={id('region')} name="region" autocomplete="address-level1" value={props.initial?.region ?? ''} />}
          >
            <span class="select-wrap">
              <select class="select" id={id('region')} name="region" autocomplete="address-level1" required>
                <option value="">Choose a region</option>
                <For each={regions()}>
                  {(region) => (
                    <option value={region.name} selected={region.name === props.initial?.region}>
                      {region.name}
                    </option>
                  )}
                </For>
              </select>
            </span>
          </Show>
        </div>
      </div>
      <div class="field">
        <label for={id('phone')}>Phone (optional)</label>
        <input class="input" id={id('phone')} name="telephone" value={props.initial?.telephone ?? ''} type="tel" autocomplete="tel" />
      </div>
    </>
  );
}
