/** A failure the shopper must notice: announced at once (`role="alert"`), absent while there is none. */
import { Show } from 'solid-js';

export function Alert(props: { text: string }) {
  return (
    <Show when={props.text}>
      <p class="error wide" role="alert">{props.text}</p>
    </Show>
  );
}
