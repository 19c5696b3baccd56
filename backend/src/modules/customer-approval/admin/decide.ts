import type { Context } from 'hono';
import { z } from 'zod';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import type { ApprovalStatus } from '../../../domains/customers/approval.ts';
import { changeCustomerStatus } from '../../../domains/customers/status.ts';
import { AppError } from '../../../platform/errors.ts';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
/** Where a decision sends the admin back to: an admin page path only (never off-site). */
const ReturnTo = z.string().regex(/^\/admin\/[\w\-/?=&.%]*$/).max(300);

/** The ids of a decision form: `id` (a grid row's button) or the checked `ids` (a bulk action). */
async function decisionForm(c: Context<AdminEnv>): Promise<{ ids: number[]; returnTo: string }> {
  const body = await c.req.parseBody({ all: true });
  const raw = [body.id, body.ids].flat().filter((value): value is string => typeof value === 'string');
  const ids = [...new Set(raw.map((value) => Id.safeParse(value)).flatMap((parsed) => (parsed.success ? [parsed.data] : [])))];
  const returnTo = ReturnTo.safeParse(body.returnTo);
  return { ids, returnTo: returnTo.success ? returnTo.data : '/admin/customers' };
}

/**
 * Applies one decision to every chosen account, each in its own transaction through the core's status
 * change (modules take part; the audit entry is the core's). A module's veto of one account does not
 * stop the others: the refusals are listed to the admin.
 */
export function decide(to: ApprovalStatus) {
  return async (c: Context<AdminEnv>) => {
    const { ids, returnTo } = await decisionForm(c);
    if (ids.length === 0) return c.text('Choose at least one account.', 400);
    if (ids.length > 200) return c.text('At most 200 accounts at once.', 400);
    const refused: string[] = [];
    for (const customerId of ids) {
      try {
        await changeCustomerStatus(c.var.db, c.var.hooks, { customerId, to, actor: c.var.admin });
      } catch (error) {
        // Only a decision's own refusal is shown; anything else is a fault for the error handler.
        if (!(error instanceof AppError)) throw error;
        refused.push(`#${customerId}: ${error.message}`);
      }
    }
    if (refused.length > 0) return c.text(`Not changed:\n${refused.join('\n')}`, 409);
    return c.redirect(`${returnTo}${returnTo.includes('?') ? '&' : '?'}flash=saved`, 303);
  };
}
