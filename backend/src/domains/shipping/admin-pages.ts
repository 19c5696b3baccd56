import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { ShippingRules } from './methods.ts';
import { loadShippingRules, updateShippingRules } from './rules.ts';
import type { StoreView } from '../stores/store-view.ts';
import type { AdminEnv } from '../../platform/admin/admin-env.ts';
import { storeOfQuery, storeSwitcher } from '../../platform/admin/store-views.ts';
import { csrfField } from '../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../platform/admin/page.ts';
import { parseForm } from '../../platform/admin/form-input.ts';

const amount = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, `${label}: give an amount like 5 or 4.95.`)
    .transform(Number);

/** The form's fields as typed (the country table is text, one "US 8" per line), read by formInput. */
const ShippingForm = z.object({
  flatRate: amount('Flat rate'),
  freeShippingThreshold: z.union([z.literal('').transform(() => null), amount('Free shipping from')]),
  otherCountriesRate: amount('Other countries'),
  countryRates: z
    .string()
    .transform((text) => text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== ''))
    .pipe(z.array(z.string().regex(/^[A-Za-z]{2}\s*[=:\s]\s*\d{1,7}(\.\d{1,2})?$/, 'Country table: one "US 8" per line.')))
    .transform((lines) =>
      Object.fromEntries(
        lines.map((line) => {
          const [, country = '', rate = '0'] = /^([A-Za-z]{2})\s*[=:\s]\s*(.+)$/.exec(line) ?? [];
          return [country.toUpperCase(), Number(rate)];
        }),
      ),
    ),
});

function countryTable(rates: Record<string, number>): string {
  return Object.entries(rates)
    .map(([country, rate]) => `${country} ${rate}`)
    .join('\n');
}

async function shippingPage(c: Context<AdminEnv>, store: StoreView, rules: ShippingRules, error?: string) {
  const switcher = await storeSwitcher(c, store, '/admin/shipping');
  const currency = store.baseCurrencyCode;
  return renderPage(
    c,
    'Shipping',
    html`${switcher}
      <p class="muted">Amounts in ${currency}. The storefront shows the free-shipping threshold after its next sync.</p>
      <form method="post" action="/admin/shipping?store=${encodeURIComponent(store.code)}">
        ${csrfField(c.var.csrfToken)}
        <label>Flat rate (${currency}) <input name="flatRate" inputmode="decimal" required value="${rules.flatRate}" /></label>
        <label
          >Free shipping from a subtotal of (${currency}; empty: no free shipping)
          <input name="freeShippingThreshold" inputmode="decimal" value="${rules.freeShippingThreshold ?? ''}"
        /></label>
        <label
          >Rates by country (one "US 8" per line)<br /><textarea name="countryRates" rows="8" cols="24">${countryTable(rules.countryRates)}</textarea></label
        >
        <label>Other countries (${currency}) <input name="otherCountriesRate" inputmode="decimal" required value="${rules.otherCountriesRate}" /></label>
        <button type="submit">Save</button>
      </form>`,
    { error, status: error ? 400 : 200 },
  );
}

/** Stores → Shipping: each store view's flat rate, free-shipping threshold and country table. */
export const shippingPages = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const store = await storeOfQuery(c);
    if (!store) return c.notFound();
    return shippingPage(c, store, await loadShippingRules(c.var.db, store.id));
  })
  .post('/', async (c) => {
    const store = await storeOfQuery(c);
    if (!store) return c.notFound();
    const form = parseForm(ShippingForm, await formFields(c));
    if (!form.data) {
      const shown = await loadShippingRules(c.var.db, store.id);
      return shippingPage(c, store, shown, Object.values(form.errors)[0]);
    }
    await updateShippingRules(c.var.db, store, form.data, c.var.admin);
    return c.redirect(`/admin/shipping?store=${encodeURIComponent(store.code)}&flash=saved`, 303);
  });
