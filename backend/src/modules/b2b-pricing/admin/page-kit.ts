/**
 * What the module's admin pages share: the module's context, ids from the URL, and the services'
 * refusals turned into messages beside the form's fields.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { z } from 'zod';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { AppError, refusedFields } from '../../../platform/errors.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { PricingConfig } from '../config.ts';
import type { PricingContext } from '../context.ts';
import { listPriceLists } from '../price-lists.ts';
import type { PriceListSummary } from '../routes/wire.ts';
import { RecordId } from '../routes/wire.ts';

export const contextOf = moduleContext<PricingConfig>('b2b-pricing');

/** The record id of the URL; anything that is not one is a 404 like an id no record has. */
export function idOf(c: Context<AdminEnv>, noun: string): number {
  const id = RecordId.safeParse(c.req.param('id'));
  if (!id.success) throw new AppError('not_found', 'not_found', `No such ${noun}.`);
  return id.data;
}

/** A zod issue in words an admin reads: a number field holding text says so, not the type talk. */
function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Not a number.';
  return issue.message;
}

/** The schema's messages by the dotted path of what they are about (the first for each path). */
export function issuesByPath(error: z.ZodError, rename: (path: string) => string = (path) => path): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[rename(issue.path.map(String).join('.'))] ??= issueText(issue);
  return errors;
}

export const notSaved = 'Nothing was saved: see the messages beside the fields.';

/**
 * A service's refusal as a form shows it: its fields' messages, or a message on top. A stale version
 * keeps what was typed (the form is shown again as posted) and says how to go on.
 */
export function refusal(error: unknown, rename: (path: string) => string = (path) => path): { errors: Record<string, string>; message: string; status: 400 | 409 } {
  if (!(error instanceof AppError) || !['invalid', 'conflict', 'precondition_failed'].includes(error.kind)) throw error;
  const errors = Object.fromEntries(Object.entries(refusedFields(error)).map(([path, message]) => [rename(path), message]));
  if (error.code === 'stale_version') return { errors, message: `${error.message} What you typed is below; copy what you need before reloading.`, status: 409 };
  return { errors, message: Object.keys(errors).length > 0 ? notSaved : error.message, status: 400 };
}

/** Every price list (without items), by code: the pickers of the company editor and the explainer. */
export async function allPriceLists(ctx: PricingContext): Promise<PriceListSummary[]> {
  const lists: PriceListSummary[] = [];
  for (let page = 1; ; page += 1) {
    const { member, totalItems } = await listPriceLists(ctx, { page, itemsPerPage: 100 });
    lists.push(...member);
    if (member.length === 0 || lists.length >= totalItems) return lists;
  }
}

/** A one-button form (CSRF included). */
export const postButton = (c: Context<AdminEnv>, action: string, label: string, options: { danger?: boolean; fields?: Record<string, string> } = {}) =>
  html`<form method="post" action="${action}" class="inline">${csrfField(c.var.csrfToken)}${Object.entries(options.fields ?? {}).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  )}<button type="submit" ${options.danger ? html`class="danger"` : ''}>${label}</button></form>`;
