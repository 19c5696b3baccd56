/**
 * A component whose code is fetched the first time it renders (issue 34: the checkout and the
 * composite products' choices are chunks of their own). Solid's `lazy` needs `Suspense`, whose
 * resource machinery costs the first load more than the chunks save; this needs a signal and a
 * `Show`. Until the chunk arrives the dialog keeps a title (a dialog must have a name); a chunk
 * that fails to load says so, and the next render tries again.
 */
import { Show, createSignal, untrack, type JSX } from 'solid-js';

type Component<P> = (props: P) => JSX.Element;

/** `fallback` stands in while loading; by default the dialog's title. */
export function onFirstUse<P>(load: () => Promise<Component<P>>, fallback?: () => JSX.Element): Component<P> & { preload(): Promise<unknown> } {
  const [loaded, setLoaded] = createSignal<Component<P> | null>(null);
  const [failed, setFailed] = createSignal(false);
  let pending: Promise<unknown> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => setLoaded(() => component),
      (error: unknown) => {
        console.error('shop widget:', error);
        pending = null;
        setFailed(true);
      },
    ));
  const Lazy = (props: P) => {
    setFailed(false);
    void preload();
    return (
      <Show when={loaded()} fallback={failed() ? <p class="error">This could not be loaded. Close and try again.</p> : (fallback?.() ?? <h2 id="shop-title">Loading…</h2>)}>
        {(component) => untrack(() => component()(props))}
      </Show>
    );
  };
  return Object.assign(Lazy, { preload });
}
