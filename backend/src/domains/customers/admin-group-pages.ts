import { asc, count, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { customerGroups, customers } from '../../platform/db/schema/index.ts';
import type { AdminEnv } from '../../platform/admin/admin-env.ts';
import { csrfField } from '../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../platform/admin/page.ts';

const GroupForm = z.object({ code: z.string().trim().min(1, 'Give the group a name.').max(64) });
const Id = z.coerce.number().int().min(1).max(2_147_483_647);

async function listPage(c: Context<AdminEnv>, error?: string) {
  const groups = await c.var.db
    .select({ id: customerGroups.id, code: customerGroups.code, members: count(customers.id) })
    .from(customerGroups)
    .leftJoin(customers, eq(customers.groupId, customerGroups.id))
    .groupBy(customerGroups.id)
    .orderBy(asc(customerGroups.id));
  return renderPage(
    c,
    'Customer groups',
    html`<table>
        <tr><th>Id</th><th>Name</th><th>Customers</th></tr>
        ${groups.map(
          (g) =>
            html`<tr>
              <td>${g.id}</td>
              <td>
                ${g.id === 0
                  ? html`${g.code} <span class="muted">(guests; fixed)</span>`
                  : html`<form method="post" action="/admin/customer-groups/${g.id}">
                      ${csrfField(c.var.csrfToken)}<input name="code" value="${g.code}" aria-label="Name of group ${g.id}" /> <button>Rename</button>
                    </form>`}
              </td>
              <td>${g.members}</td>
            </tr>`,
        )}
      </table>
      <h2>New group</h2>
      <form method="post" action="/admin/customer-groups">
        ${csrfField(c.var.csrfToken)}
        <label>Name <input name="code" required maxlength="64" /></label>
        <button type="submit">Add group</button>
      </form>`,
    { error, status: error ? 400 : 200 },
  );
}

/** Groups keep their ids (modules and rules refer to them); 0 is NOT LOGGED IN and cannot change. */
export const customerGroupPages = new Hono<AdminEnv>()
  .get('/', (c) => listPage(c))
  .post('/', async (c) => {
    const form = GroupForm.safeParse(await formFields(c));
    if (!form.success) return listPage(c, form.error.issues[0]?.message);
    try {
      await c.var.db.insert(customerGroups).values({ id: sql`(select coalesce(max(${customerGroups.id}), 0) + 1 from ${customerGroups})`, code: form.data.code });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return listPage(c, `A group named "${form.data.code}" already exists.`);
    }
    return c.redirect('/admin/customer-groups?flash=created', 303);
  })
  .post('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const form = GroupForm.safeParse(await formFields(c));
    if (!id.success) return c.notFound();
    if (!form.success) return listPage(c, form.error.issues[0]?.message);
    try {
      await c.var.db.update(customerGroups).set({ code: form.data.code }).where(eq(customerGroups.id, id.data));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return listPage(c, `A group named "${form.data.code}" already exists.`);
    }
    return c.redirect('/admin/customer-groups?flash=saved', 303);
  });
