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
  /** Prefix of the fields' names, when a form holds two addresses (checkout's billing address: "billing."). */
  namePrefix?: string;
  /** Autofill section of a form's second address ("billing"), so browsers fill each from the right card. */
  autocompleteSection?: 'shipping' | 'billing';
}

export default function AddressFields(props: Props) {
  const id = (name: string) => `${props.idPrefix}-${name}`;
  const name = (field: string) => `${props.namePrefix ?? ''}${field}`;
  const autocomplete = (token: string) => (props.autocompleteSection ? `${props.autocompleteSection} ${token}` : token);
  const regions = () => props.countries.find((entry) => entry.id === props.country)?.regions ?? [];
  return (
    <>
      <div class="form-grid form-grid--2">
        <div class="field">
          <label for={id('first')}>First name</label>
          <input class="input" id={id('first')} name={name('firstName')} value={props.initial?.firstName ?? ''} autocomplete={autocomplete('given-name')} required />
        </div>
        <div class="field">
          <label for={id('last')}>Last name</label>
          <input class="input" id={id('last')} name={name('lastName')} value={props.initial?.lastName ?? ''} autocomplete={autocomplete('family-name')} required />
        </div>
      </div>
      <div class="field">
        <label for={id('street')}>Street address</label>
        <input class="input" id={id('street')} name={name('street')} value={props.initial?.street[0] ?? ''} autocomplete={autocomplete('address-line1')} required />
      </div>
      <div class="form-grid form-grid--2">
        <div class="field">
          <label for={id('city')}>City</label>
          <input class="input" id={id('city')} name={name('city')} value={props.initial?.city ?? ''} autocomplete={autocomplete('address-level2')} required />
        </div>
        <div class="field">
          <label for={id('postcode')}>Postcode</label>
          <input class="input" id={id('postcode')} name={name('postcode')} value={props.initial?.postcode ?? ''} autocomplete={autocomplete('postal-code')} required />
        </div>
        <div class="field">
          <label for={id('country')}>Country</label>
          <span class="select-wrap">
            <select class="select" id={id('country')} name={name('countryId')} autocomplete={autocomplete('country')} required onChange={(e) => props.onCountryChange(e.currentTarget.value)}>
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
            fallback={<input class="input" id={id('region')} name={name('region')} autocomplete={autocomplete('address-level1')} value={props.initial?.region ?? ''} />}
          >
            <span class="select-wrap">
              <select class="select" id={id('region')} name={name('region')} autocomplete={autocomplete('address-level1')} required>
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
        <input class="input" id={id('phone')} name={name('telephone')} value={props.initial?.telephone ?? ''} type="tel" autocomplete={autocomplete('tel')} />
      </div>
    </>
  );
}
