/**
 * Whether an island is live in the browser. Server HTML renders its submit buttons disabled, so a
 * click before hydration cannot submit the form natively (and put its fields in a URL).
 */
import { createSignal, onMount, type Accessor } from 'solid-js';

export function useHydrated(): Accessor<boolean> {
  const [hydrated, setHydrated] = createSignal(false);
  onMount(() => setHydrated(true));
  return hydrated;
}
