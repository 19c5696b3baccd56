import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { StoreView } from './store-view.ts';
import { loadWidgetKeys, updateWidgetKeys, WidgetKeysInput, type WidgetKeys } from './widget-keys.ts';
import type { AdminEnv } from '../../platform/admin/admin-env.ts';
import { storeOfQuery, storeSwitcher } from '../../platform/admin/store-views.ts';
import { csrfField } from '../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../platform/admin/page.ts';
import { parseForm } from '../../platform/admin/form-input.ts';

async function keysPage(c: Context<AdminEnv>, store: StoreView, keys: WidgetKeys, error?: string) {
  const switcher = await storeSwitcher(c, store, '/admin/widget-keys');
  return renderPage(
    c,
    'Widget keys',
    html`${switcher}
      <p class="muted">Public keys the embeddable widget (<code>/embed.js</code>) uses on other websites; they reach the storefront with its next config sync. Secret keys stay in the backend's environment.</p>
      <form method="post" action="/admin/widget-keys?store=${encodeURIComponent(store.code)}">
        ${csrfField(c.var.csrfToken)}
        <label>Stripe publishable key (pk_test_… or pk_live_…; blank: the one configured with the provider)
          <input name="paymentPublishableKey" value="${keys.paymentPublishableKey}" autocomplete="off" /></label>
        <label>Maps key for address autocomplete (blank: plain address fields)
          <input name="mapsKey" value="${keys.mapsKey}" autocomplete="off" /></label>
        <button type="submit">Save</button>
      </form>`,
    { error, status: error ? 400 : 200 },
  );
}

/** Stores → Widget keys: each store view's payment publishable key and maps key (DECISIONS.md 32). */
export const widgetKeysPages = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const store = await storeOfQuery(c);
    if (!store) return c.notFound();
    return keysPage(c, store, await loadWidgetKeys(c.var.db, store.id));
  })
  .post('/', async (c) => {
    const store = await storeOfQuery(c);
    if (!store) return c.notFound();
    const fields = await formFields(c);
    const form = parseForm(WidgetKeysInput, fields);
    if (!form.data) return keysPage(c, store, { paymentPublishableKey: fields.paymentPublishableKey ?? '', mapsKey: fields.mapsKey ?? '' }, Object.values(form.errors)[0]);
    await updateWidgetKeys(c.var.db, store, form.data, c.var.admin);
    return c.redirect(`/admin/widget-keys?store=${encodeURIComponent(store.code)}&flash=saved`, 303);
  });
