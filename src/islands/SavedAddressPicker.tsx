/**
 * Checkout's choice among a signed-in shopper's saved addresses: picking one fills the address
 * fields (which stay editable); "A new address" empties nothing, so a half-typed address survives.
 */
import { For } from 'solid-js';
import { addressSummary } from '../lib/client/display.ts';
import type { SavedAddress } from '../lib/client/types.ts';

interface Props {
  addresses: SavedAddress[];
  /** The address the fields show, if it came from the book. */
  chosenId: number | null;
  onPick: (address: SavedAddress) => void;
}

export default function SavedAddressPicker(props: Props) {
  return (
    <div class="field">
      <label for="co-saved">Saved addresses</label>
      <span class="select-wrap">
        <select
          class="select"
          id="co-saved"
          onChange={(event) => {
            const picked = props.addresses.find((address) => String(address.id) === event.currentTarget.value);
            if (picked) props.onPick(picked);
          }}
        >
          <option value="" selected={props.chosenId === null}>
            A new address
          </option>
          <For each={props.addresses}>
            {(address) => (
              <option value={String(address.id)} selected={address.id === props.chosenId}>
                {addressSummary(address)}
                {address.isDefaultShipping ? ' (default)' : ''}
              </option>
            )}
          </For>
        </select>
      </span>
    </div>
  );
}
