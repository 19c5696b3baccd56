/**
 * Quick order (DECISIONS.md 60): a buyer pastes `SKU, qty` lines or picks a CSV file, and one call
 * (`POST /cart/items/bulk`) adds every line that can be bought; the page then shows each line's
 * outcome (added, or why not) next to the rows that could not be read, with the way to the cart and
 * checkout. The list is read in the browser (lib/quick-order/order-lines.ts), so a file never leaves
 * it; a file over MAX_FILE_BYTES is refused before it is read.
 */
import { createSignal, For, Show } from 'solid-js';
import { errorMessage } from '../lib/client/display.ts';
import { addLines } from '../lib/client/shop-actions.ts';
import type { LineOutcome } from '../lib/client/types.ts';
import { MAX_FILE_BYTES, parseOrderList, type UnreadRow } from '../lib/quick-order/order-lines.ts';

interface Result {
  outcomes: LineOutcome[];
  unread: UnreadRow[];
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

export default function QuickOrder() {
  const [text, setText] = createSignal('');
  const [fileNote, setFileNote] = createSignal<string | null>(null);
  const [pending, setPending] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const [result, setResult] = createSignal<Result | null>(null);
  const added = () => result()?.outcomes.filter((line) => line.status === 'added') ?? [];
  const refused = () => result()?.outcomes.filter((line) => line.status === 'refused') ?? [];

  const readFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    setError(null);
    setFileNote(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setError(`${file.name} is ${Math.ceil(file.size / 1024).toLocaleString('en')} KB; a list file may be at most ${MAX_FILE_BYTES / 1024} KB.`);
      input.value = '';
      return;
    }
    setText(await file.text());
    setFileNote(`${file.name}: ${plural(parseOrderList(text()).lines.length, 'line', 'lines')} read into the list below.`);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setError(null);
    const { lines, unread } = parseOrderList(text());
    if (lines.length === 0) {
      setResult(unread.length > 0 ? { outcomes: [], unread } : null);
      setError('Enter at least one line: a SKU, then a comma and the quantity.');
      return;
    }
    setPending(true);
    try {
      const answer = await addLines(lines.map(({ sku, qty }) => ({ sku, qty })));
      setResult({ outcomes: answer.lines, unread });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <div class="form-grid">
      <form class="panel form-grid" onSubmit={(event) => void submit(event)}>
        <div class="field">
          <label for="quick-order-lines">SKU and quantity, one line each</label>
          <textarea
            id="quick-order-lines"
            class="input quick-order-lines"
            name="lines"
            rows="10"
            spellcheck={false}
            aria-describedby="quick-order-hint"
            placeholder={'TS-MUG48, 2\nTS-SOCK24, 10'}
            value={text()}
            onInput={(event) => setText(event.currentTarget.value)}
          />
          <p class="field-hint" id="quick-order-hint">
            Separate SKU and quantity by a comma, a semicolon or a tab, as a spreadsheet copies them. A header row is fine; a line without a quantity buys one. Up
            to 1,000 lines.
          </p>
        </div>
        <div class="field">
          <label for="quick-order-file">Or choose a CSV file</label>
          <input id="quick-order-file" class="input" type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(event) => void readFile(event.currentTarget)} />
          <Show when={fileNote()}>{(note) => <p class="field-hint" data-testid="quick-order-file-note">{note()}</p>}</Show>
        </div>
        <p>
          <button class="button" type="submit" disabled={pending()}>
            {pending() ? 'Adding…' : 'Add all valid lines to cart'}
          </button>
        </p>
      </form>

      <div role="status" class="form-grid" data-testid="quick-order-outcome">
        <Show when={error()}>{(message) => <p class="error">{message()}</p>}</Show>
        <Show when={result()}>
          {(done) => (
            <>
              <Show when={done().outcomes.length > 0}>
                <p class={added().length > 0 ? 'success' : 'error'} data-testid="quick-order-summary">
                  Added {plural(added().length, 'line', 'lines')} of {done().outcomes.length.toLocaleString('en')} to your cart.
                  <Show when={added().length > 0}>
                    {' '}
                    <a href="/cart">View cart</a> or <a href="/checkout">go to checkout</a>.
                  </Show>
                </p>
              </Show>
              <Show when={refused().length > 0 || done().unread.length > 0}>
                <section class="panel" aria-labelledby="quick-order-problems">
                  <h2 id="quick-order-problems">Not added</h2>
                  <table class="order-table" data-testid="quick-order-refused">
                    <thead>
                      <tr>
                        <th scope="col">Line</th>
                        <th scope="col">Why</th>
                      </tr>
                    </thead>
                    <tbody>
                      <For each={done().unread}>
                        {(row) => (
                          <tr data-code="unreadable">
                            <td>Row {row.row}: {row.text}</td>
                            <td>{row.reason}</td>
                          </tr>
                        )}
                      </For>
                      <For each={refused()}>
                        {(line) => (
                          <tr data-code={line.code}>
                            <td>
                              {line.sku} × {line.qty}
                            </td>
                            <td>{line.message}</td>
                          </tr>
                        )}
                      </For>
                    </tbody>
                  </table>
                </section>
              </Show>
              <Show when={added().length > 0}>
                <section class="panel" aria-labelledby="quick-order-added">
                  <h2 id="quick-order-added">Added</h2>
                  <table class="order-table" data-testid="quick-order-added">
                    <thead>
                      <tr>
                        <th scope="col">SKU</th>
                        <th scope="col" class="num">
                          Quantity
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      <For each={added()}>
                        {(line) => (
                          <tr>
                            <td>{line.sku}</td>
                            <td class="num">{line.qty}</td>
                          </tr>
                        )}
                      </For>
                    </tbody>
                  </table>
                </section>
              </Show>
            </>
          )}
        </Show>
      </div>
    </div>
  );
}
