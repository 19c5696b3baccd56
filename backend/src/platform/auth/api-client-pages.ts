import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { apiClients } from '../db/schema/index.ts';
import { createApiClient, listApiClients, revokeApiClient } from './api-clients.ts';
import type { AdminEnv } from '../admin/admin-env.ts';
import { confirmPage, isConfirmed } from '../admin/confirm-step.ts';
import { control, wrappedField } from '../admin/fields.ts';
import { parseForm } from '../admin/form-input.ts';
import { csrfField } from '../admin/layout.ts';
import { sayOutcome } from '../admin/outcome-flash.ts';
import { formFields, renderPage } from '../admin/page.ts';

/** The new client's form, read through formInput: a blank or too long name is refused beside the field. */
const NameForm = z.object({ name: z.string().trim().min(1, 'Give the client a name.').max(100, 'At most 100 characters.') });
const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** What the page shows after a post: the client just created (its secret, once), or the name refused and why. */
type Shown = { created: { name: string; clientId: string; clientSecret: string } } | { refused: { typed: string; message: string } };

async function listPage(c: Context<AdminEnv>, shown?: Shown) {
  const clients = await listApiClients(c.var.db);
  const created = shown && 'created' in shown ? shown.created : undefined;
  const refused = shown && 'refused' in shown ? shown.refused : undefined;
  const described = refused ? { value: refused.typed, 'aria-invalid': 'true', 'aria-describedby': 'client-name-error' } : {};
  return renderPage(
    c,
    'API clients',
    html`${created
        ? html`<div class="flash" role="status">
            <p>Client <strong>${created.name}</strong> created. Copy the secret now: it is not shown again.</p>
            <p>client_id: <code data-testid="client-id">${created.clientId}</code><br />client_secret: <code data-testid="client-secret">${created.clientSecret}</code></p>
          </div>`
        : ''}
      <p>Integrations get tokens with the client_credentials grant at <code>/api/rest/v2/auth/token</code> (scope api_user).</p>
      <form method="post" action="/admin/api-clients">
        ${csrfField(c.var.csrfToken)}
        ${wrappedField('Name', control('input', { name: 'name', required: true, maxlength: 100, ...described }), refused ? { id: 'client-name-error', message: refused.message } : undefined)}
        <button type="submit">Create client</button>
      </form>
      <table>
        <tr><th>Name</th><th>client_id</th><th>Created</th><th></th></tr>
        ${clients.map(
          (client) =>
            html`<tr>
              <td>${client.name}</td>
              <td><code>${client.clientId}</code></td>
              <td>${client.createdAt.toISOString().slice(0, 10)}</td>
              <td>
                ${client.revokedAt
                  ? 'revoked'
                  : html`<form method="post" action="/admin/api-clients/${client.id}/revoke">${csrfField(c.var.csrfToken)}<button class="danger">Revoke</button></form>`}
              </td>
            </tr>`,
        )}
      </table>`,
    { status: refused ? 400 : 200 },
  );
}

export const apiClientPages = new Hono<AdminEnv>()
  .get('/', (c) => listPage(c))
  .post('/', async (c) => {
    const typed = await formFields(c);
    const form = parseForm(NameForm, typed);
    if ('errors' in form) return listPage(c, { refused: { typed: typed.name ?? '', message: form.errors.name ?? 'Give the client a name.' } });
    const created = await createApiClient(c.var.db, form.data.name);
    return listPage(c, { created: { name: form.data.name, ...created } });
  })
  .post('/:id/revoke', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const [client] = await c.var.db.select({ name: apiClients.name, clientId: apiClients.clientId, revokedAt: apiClients.revokedAt }).from(apiClients).where(eq(apiClients.id, id.data));
    // Revoking cannot be undone (the integration needs a new client): it asks once, naming the client.
    if (client && !client.revokedAt && !isConfirmed(await formFields(c))) {
      return confirmPage(c, {
        question: `Revoke the API client ${client.name} (${client.clientId})?`,
        consequence: 'The integration using it stops at once: the tokens it holds are refused and it gets no new ones. This cannot be undone; the integration would need a new client.',
        action: `/admin/api-clients/${id.data}/revoke`,
        fields: {},
        confirmLabel: `Revoke ${client.name}`,
        cancelHref: '/admin/api-clients',
      });
    }
    await revokeApiClient(c.var.db, id.data);
    if (client && !client.revokedAt) sayOutcome(c, `Revoked ${client.name}: its tokens no longer work.`);
    return c.redirect('/admin/api-clients?flash=revoked', 303);
  });
