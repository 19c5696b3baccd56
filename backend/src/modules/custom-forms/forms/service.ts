/** Forms CRUD (DECISIONS.md 35): what the admin API and the admin pages both call. Audited. */
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { AppError } from '../../../platform/errors.ts';
import type { ModuleContext } from '../../../platform/modules/context.ts';
import { formatTimestamp } from '../../../platform/time.ts';
import { customFormBlocked, customForms, customFormSubmissions } from '../tables.ts';
import type { FormInput, FormView } from './schema.ts';

type Ctx = ModuleContext<unknown, unknown>;
type Row = typeof customForms.$inferSelect;

export function formView(row: Row): FormView {
  return {
    code: row.code,
    title: row.title,
    isActive: row.isActive,
    fields: row.fields,
    successMessage: row.successMessage,
    notifyEmails: row.notifyEmails,
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
  };
}

const notFound = (code: string) => new AppError('not_found', 'not_found', `No form with the code "${code}".`);

/** The form row, or null. */
export async function findForm(ctx: Pick<Ctx, 'db'>, code: string): Promise<Row | null> {
  const [row] = await ctx.db.select().from(customForms).where(eq(customForms.code, code));
  return row ?? null;
}

export async function getForm(ctx: Ctx, code: string): Promise<FormView> {
  const row = await findForm(ctx, code);
  if (!row) throw notFound(code);
  return formView(row);
}

export async function listForms(ctx: Ctx, { search, page, itemsPerPage }: { search?: string; page: number; itemsPerPage: number }) {
  const where = search ? or(ilike(customForms.code, `%${search}%`), ilike(customForms.title, `%${search}%`)) : undefined;
  const [rows, [count]] = await Promise.all([
    ctx.db.select().from(customForms).where(where).orderBy(asc(customForms.code)).limit(itemsPerPage).offset((page - 1) * itemsPerPage),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(customForms).where(where),
  ]);
  return { member: rows.map(formView), totalItems: count?.total ?? 0, page, itemsPerPage };
}

/** The active forms, by code: what a CMS page can embed. */
export async function activeForms(ctx: Pick<Ctx, 'db'>): Promise<Array<{ code: string; title: string }>> {
  return ctx.db.select({ code: customForms.code, title: customForms.title }).from(customForms).where(eq(customForms.isActive, true)).orderBy(asc(customForms.code));
}

export async function createForm(ctx: Ctx, input: FormInput): Promise<FormView> {
  return ctx.transaction(async (tx) => {
    if (await findForm(tx, input.code)) throw new AppError('conflict', 'form_exists', `A form with the code "${input.code}" exists.`, { field: 'code' });
    const now = tx.clock();
    const [row] = await tx.db.insert(customForms).values({ ...input, createdAt: now, updatedAt: now }).returning();
    await tx.audit.record({ action: 'form.create', subject: input.code });
    await tx.events.publish('customforms_form_saved', { formCode: input.code });
    return formView(row!);
  });
}

/** Replaces the whole form; its code stays (the URL names it). */
export async function updateForm(ctx: Ctx, code: string, input: FormInput): Promise<FormView> {
  if (input.code !== code) throw new AppError('invalid', 'invalid_field', 'A form keeps its code; create a new form for another one.', { field: 'code' });
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db
      .update(customForms)
      .set({ title: input.title, isActive: input.isActive, fields: input.fields, successMessage: input.successMessage, notifyEmails: input.notifyEmails, updatedAt: tx.clock() })
      .where(eq(customForms.code, code))
      .returning();
    if (!row) throw notFound(code);
    await tx.audit.record({ action: 'form.update', subject: code });
    await tx.events.publish('customforms_form_saved', { formCode: code });
    return formView(row);
  });
}

/** Deletes the form with its submissions and spam log. */
export async function deleteForm(ctx: Ctx, code: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    const deleted = await tx.db.delete(customForms).where(eq(customForms.code, code)).returning({ code: customForms.code });
    if (deleted.length === 0) throw notFound(code);
    await tx.db.delete(customFormSubmissions).where(eq(customFormSubmissions.formCode, code));
    await tx.db.delete(customFormBlocked).where(eq(customFormBlocked.formCode, code));
    await tx.audit.record({ action: 'form.delete', subject: code });
    await tx.events.publish('customforms_form_saved', { formCode: code });
  });
}
