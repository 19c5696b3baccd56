/**
 * The account's address book (issue 12 §5): every saved address with its default flags; add, edit,
 * delete, and make one the default shipping or billing address. The backend keeps one default of
 * each kind, so the list is read back after every change rather than patched here.
 */
import { createSignal, For, onMount, Show } from 'solid-js';
import { addressFromForm } from '../lib/client/checkout-form.ts';
import { addressSummary } from '../lib/client/display.ts';
import { createFormAction } from '../lib/client/form-action.ts';
import { addAddress, deleteAddress, loadAddresses, updateAddress } from '../lib/client/shop-actions.ts';
import type { SavedAddress } from '../lib/client/types.ts';
import type { Country } from '../lib/content/schemas.ts';
import AddressFields from './AddressFields.tsx';
import FormStatus from './FormStatus.tsx';
import SubmitButton from './SubmitButton.tsx';

interface Props {
  countries: Country[];
  defaultCountry: string;
}

/** The address as the backend takes it back: everything but the id. */
function withoutId({ id: _id, ...address }: SavedAddress) {
  return address;
}

export default function AddressBook(props: Props) {
  const form = createFormAction();
  const [addresses, setAddresses] = createSignal<SavedAddress[]>([]);
  /** The address being edited, or null while the form adds a new one. */
  const [editing, setEditing] = createSignal<SavedAddress | null>(null);
  const [country, setCountry] = createSignal(props.defaultCountry);

  const reload = async () => {
    setAddresses(await loadAddresses());
  };
  onMount(() => void form.run(reload));

  const edit = (address: SavedAddress | null) => {
    setEditing(address);
    setCountry(address?.countryId ?? props.defaultCountry);
  };

  const save = (event: SubmitEvent) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const data = new FormData(element);
    const flags = { isDefaultShipping: data.get('isDefaultShipping') !== null, isDefaultBilling: data.get('isDefaultBilling') !== null };
    const current = editing();
    void form.run(async () => {
      if (current) await updateAddress(current.id, { ...addressFromForm(data), ...flags });
      else await addAddress({ ...addressFromForm(data), ...flags });
      await reload();
      element.reset();
      edit(null);
    }, current ? 'Address updated.' : 'Address saved.');
  };

  const makeDefault = (address: SavedAddress, kind: 'isDefaultShipping' | 'isDefaultBilling') =>
    void form.run(async () => {
      await updateAddress(address.id, { ...withoutId(address), [kind]: true });
      await reload();
    });

  const remove = (address: SavedAddress) =>
    void form.run(async () => {
      await deleteAddress(address.id);
      if (editing()?.id === address.id) edit(null);
      await reload();
    });

  return (
    <section class="panel" aria-labelledby="addresses-heading">
      <h2 id="addresses-heading">Addresses</h2>
      <Show when={addresses().length > 0} fallback={<p class="muted">No saved addresses.</p>}>
        <ul class="lines" role="list">
          <For each={addresses()}>
            {(address) => (
              <li class="line" data-testid="saved-address">
                <p>
                  {addressSummary(address)}
                  {address.isDefaultShipping ? ' · Default shipping' : ''}
                  {address.isDefaultBilling ? ' · Default billing' : ''}
                </p>
                <p class="actions">
                  <button class="button button--secondary" type="button" disabled={form.pending()} onClick={() => edit(address)}>
                    Edit<span class="visually-hidden"> address {address.street[0]}</span>
                  </button>
                  <Show when={!address.isDefaultShipping}>
                    <button class="button button--secondary" type="button" disabled={form.pending()} onClick={() => makeDefault(address, 'isDefaultShipping')}>
                      Make default shipping<span class="visually-hidden"> address {address.street[0]}</span>
                    </button>
                  </Show>
                  <Show when={!address.isDefaultBilling}>
                    <button class="button button--secondary" type="button" disabled={form.pending()} onClick={() => makeDefault(address, 'isDefaultBilling')}>
                      Make default billing<span class="visually-hidden"> address {address.street[0]}</span>
                    </button>
                  </Show>
                  <button class="button button--secondary" type="button" disabled={form.pending()} onClick={() => remove(address)}>
                    Delete<span class="visually-hidden"> address {address.street[0]}</span>
                  </button>
                </p>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <form class="form-grid" method="post" onSubmit={save} aria-labelledby="address-form-heading">
        <h3 id="address-form-heading">{editing() ? 'Edit the address' : 'Add an address'}</h3>
        <AddressFields idPrefix="ad" countries={props.countries} country={country()} onCountryChange={setCountry} initial={editing()} />
        <label class="choice">
          <input type="checkbox" name="isDefaultShipping" checked={editing()?.isDefaultShipping ?? addresses().length === 0} />
          <span>Default shipping address</span>
        </label>
        <label class="choice">
          <input type="checkbox" name="isDefaultBilling" checked={editing()?.isDefaultBilling ?? addresses().length === 0} />
          <span>Default billing address</span>
        </label>
        <FormStatus form={form} />
        <SubmitButton pending={form.pending()} label={editing() ? 'Save changes' : 'Save address'} pendingLabel="Saving…" />
        <Show when={editing()}>
          <p>
            <button class="button button--secondary" type="button" onClick={() => edit(null)}>
              Cancel editing
            </button>
          </p>
        </Show>
      </form>
    </section>
  );
}
