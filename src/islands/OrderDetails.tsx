/** One order as the shopper sees it after looking it up: number, date, status, lines, totals, where it goes. */
import { For, Show } from 'solid-js';
import { addressSummary, optionSummary, orderStatusLabel } from '../lib/client/display.ts';
import type { CustomerOrder } from '../lib/client/types.ts';
import { priceFormatter } from '../lib/format/price.ts';

export default function OrderDetails(props: { order: CustomerOrder; locale: string }) {
  const format = () => priceFormatter(props.locale, props.order.currency);
  return (
    <section class="panel" aria-labelledby="order-heading" data-testid="looked-up-order">
      <h2 id="order-heading">
        Order <span data-testid="order-number">{props.order.number}</span>
      </h2>
      <p class="muted">
        Placed {props.order.createdAt.slice(0, 10)} · <span data-testid="order-status">{orderStatusLabel(props.order.status)}</span>
      </p>
      <Show when={props.order.purchaseOrder}>
        {(po) => (
          <p data-testid="order-purchase-order">
            Purchase order <strong>{po().poNumber}</strong> · payment due {po().paymentDueAt.slice(0, 10)}
          </p>
        )}
      </Show>
      <Show when={props.order.tracking}>
        {(tracking) => (
          <p>
            Tracking reference: <strong data-testid="order-tracking">{tracking()}</strong>
          </p>
        )}
      </Show>
      <ul class="lines" role="list">
        <For each={props.order.lines}>
          {(line) => (
            <li class="line">
              <span>
                {line.qty} × {line.name} {optionSummary(line.options)}
              </span>
              <strong>{format()(line.rowTotal)}</strong>
            </li>
          )}
        </For>
      </ul>
      <dl class="totals">
        <div>
          <dt>Shipping</dt>
          <dd>{format()(props.order.shippingAmount)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="order-total">{format()(props.order.grandTotal)}</dd>
        </div>
      </dl>
      <p>Ships to {addressSummary(props.order.shippingAddress)}</p>
    </section>
  );
}
