import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { createApiClient, listApiClients, revokeApiClient } from './api-clients.ts';
import type { AdminEnv } from '../admin/admin-env.ts';
import { csrfField } from '../admin/layout.ts';
import { formFields, renderPage } from '../admin/page.ts';

const NameForm = z.object({ name: z.string().trim().min(1).max(100) });
const Id = z.coerce.number().int().min(1).max(2_147_483_647);

async function listPage(c: Context<AdminEnv>, created?: { name: string; clientId: string; clientSecret: string }, error?: string) {
  const clients = await listApiClients(c.var.db);
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
        <label>Name <input name="name" required maxlength="100" /></label>
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
                  : html`<form method="post" action="/admin/api-clients/${client.id}/revoke">${csrfField(c.var.csrfToken)}<button>Revoke</button></form>`}
              </td>
            </tr>`,
        )}
      </table>`,
    { error, status: error ? 400 : 200 },
  );
}

export const apiClientPages = new Hono<AdminEnv>()
  .get('/', (c) => listPage(c))
  .post('/', async (c) => {
    const form = NameForm.safeParse(await formFields(c));
    if (!form.success) return listPage(c, undefined, 'Give the client a name.');
    const created = await createApiClient(c.var.db, form.data.name);
    return listPage(c, { name: form.data.name, ...created });
  })
  .post('/:id/revoke', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    await revokeApiClient(c.var.db, id.data);
    return c.redirect('/admin/api-clients?flash=revoked', 303);
  });
