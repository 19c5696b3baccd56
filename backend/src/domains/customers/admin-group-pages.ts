import { asc, count, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { customerGroups, customers } from '../../platform/db/schema/index.ts';
import type { AdminEnv } from '../../platform/admin/admin-env.ts';
import { csrfField } from '../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../platform/admin/page.ts';
import { control, wrappedField } from '../../platform/admin/fields.ts';
import { parseForm } from '../../platform/admin/form-input.ts';

/** A group's form (add, rename): its name, read through formInput so a blank or too long name is the schema's message beside the field. */
const GroupForm = z.object({ code: z.string().trim().min(1, 'Give the group a name.').max(64, 'At most 64 characters.') });
const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** A refused add or rename: which form (a group's id, or the new group's), what was typed, and why. */
interface Refused {
  group: number | 'new';
  typed: string;
  message: string;
}

/** A group's name field, with what was typed and the message after a refusal of its form. */
function nameInput(refused: Refused | undefined, group: number | 'new', attributes: Record<string, string | number | boolean>) {
  const mine = refused?.group === group ? refused : undefined;
  const id = `group-${group}-error`;
  const input = control('input', { name: 'code', ...attributes, ...(mine ? { value: mine.typed, 'aria-invalid': 'true', 'aria-describedby': id } : {}) });
  return { input, error: mine ? { id, message: mine.message } : undefined };
}

async function listPage(c: Context<AdminEnv>, refused?: Refused) {
  const groups = await c.var.db
    .select({ id: customerGroups.id, code: customerGroups.code, members: count(customers.id) })
    .from(customerGroups)
    .leftJoin(customers, eq(customers.groupId, customerGroups.id))
    .groupBy(customerGroups.id)
    .orderBy(asc(customerGroups.id));
  const renameForm = (group: { id: number; code: string }) => {
    const { input, error } = nameInput(refused, group.id, { value: group.code, 'aria-label': `Name of group ${group.id}` });
    return html`<form method="post" action="/admin/customer-groups/${group.id}">
      ${csrfField(c.var.csrfToken)}${input} <button class="secondary">Rename</button>${error ? html` <strong class="error" id="${error.id}" role="alert">${error.message}</strong>` : ''}
    </form>`;
  };
  const added = nameInput(refused, 'new', { required: true, maxlength: 64 });
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
                  : renameForm(g)}
              </td>
              <td>${g.members}</td>
            </tr>`,
        )}
      </table>
      <h2>New group</h2>
      <form method="post" action="/admin/customer-groups">
        ${csrfField(c.var.csrfToken)}
        ${wrappedField('Name', added.input, added.error)}
        <button type="submit">Add group</button>
      </form>`,
    // A rename of a group no longer listed has no field to show its message beside: the page says it.
    { status: refused ? 400 : 200, error: refused && refused.group !== 'new' && !groups.some((g) => g.id === refused.group) ? refused.message : undefined },
  );
}

/** Groups keep their ids (modules and rules refer to them); 0 is NOT LOGGED IN and cannot change. */
export const customerGroupPages = new Hono<AdminEnv>()
  .get('/', (c) => listPage(c))
  .post('/', async (c) => {
    const typed = await formFields(c);
    const form = parseForm(GroupForm, typed);
    if ('errors' in form) return listPage(c, { group: 'new', typed: typed.code ?? '', message: form.errors.code ?? 'Give the group a name.' });
    try {
      await c.var.db.insert(customerGroups).values({ id: sql`(select coalesce(max(${customerGroups.id}), 0) + 1 from ${customerGroups})`, code: form.data.code });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return listPage(c, { group: 'new', typed: typed.code ?? '', message: `A group named "${form.data.code}" already exists.` });
    }
    return c.redirect('/admin/customer-groups?flash=created', 303);
  })
  .post('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const typed = await formFields(c);
    const form = parseForm(GroupForm, typed);
    if ('errors' in form) return listPage(c, { group: id.data, typed: typed.code ?? '', message: form.errors.code ?? 'Give the group a name.' });
    try {
      await c.var.db.update(customerGroups).set({ code: form.data.code }).where(eq(customerGroups.id, id.data));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return listPage(c, { group: id.data, typed: typed.code ?? '', message: `A group named "${form.data.code}" already exists.` });
    }
    return c.redirect('/admin/customer-groups?flash=saved', 303);
  });
