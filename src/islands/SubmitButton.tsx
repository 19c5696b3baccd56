/** An account form's submit button: disabled and saying what is happening while the form is sent. */
import { Show } from 'solid-js';

interface Props {
  pending: boolean;
  label: string;
  /** Shown while pending, e.g. "Saving…". */
  pendingLabel: string;
}

export default function SubmitButton(props: Props) {
  return (
    <p>
      <button class="button" type="submit" disabled={props.pending}>
        <Show when={props.pending} fallback={props.label}>
          {props.pendingLabel}
        </Show>
      </button>
    </p>
  );
}
