import type { Context } from 'hono';
import { z } from 'zod';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import type { ApprovalStatus } from '../../../domains/customers/approval.ts';
import { changeCustomerStatus } from '../../../domains/customers/status.ts';
import { AppError } from '../../../platform/errors.ts';
import { confirmPage, isConfirmed } from '../../../platform/admin/confirm-step.ts';
import { sayOutcome } from '../../../platform/admin/outcome-flash.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { ApprovalConfig } from '../config.ts';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
/** Where a decision sends the admin back to: an admin page path only (never off-site). */
const ReturnTo = z.string().regex(/^\/admin\/[\w\-/?=&.%]*$/).max(300);

/** The ids of a decision form: `id` (a grid row's button) or the checked `ids` (a bulk action). */
async function decisionForm(c: Context<AdminEnv>): Promise<{ ids: number[]; returnTo: string; fields: Record<string, string | string[]> }> {
  const body = await c.req.parseBody({ all: true });
  const raw = [body.id, body.ids].flat().filter((value): value is string => typeof value === 'string');
  const ids = [...new Set(raw.map((value) => Id.safeParse(value)).flatMap((parsed) => (parsed.success ? [parsed.data] : [])))];
  const returnTo = ReturnTo.safeParse(body.returnTo);
  return { ids, returnTo: returnTo.success ? returnTo.data : '/admin/customers', fields: body as Record<string, string | string[]> };
}

/**
 * Each decision's words. Declining locks the buyer out (their sessions end) and mails them, setting back to
 * pending takes an approved buyer's access away: both ask first. Approving only grants, so it runs on its click.
 */
const steps: Record<ApprovalStatus, { verb: string; asks: boolean; consequence: string; done: (named: string) => string }> = {
  active: { verb: 'Approve', asks: false, consequence: '', done: (named) => `Approved ${named}.` },
  rejected: {
    verb: 'Decline',
    asks: true,
    consequence: 'Declined buyers are signed out at once, cannot sign in and are told by email. You can set them back to pending or approve them later.',
    done: (named) => `Declined ${named}.`,
  },
  pending: {
    verb: 'Set pending',
    asks: true,
    consequence: 'Pending buyers lose their access until approved again; they are told by email.',
    done: (named) => `${named} ${named.endsWith(' accounts') ? 'are' : 'is'} pending again.`,
  },
};

/** The chosen accounts in words: one by name (its email when it has none), several by their count. */
async function namesOf(c: Context<AdminEnv>, ids: number[]): Promise<string> {
  if (ids.length > 1) return `${ids.length} accounts`;
  const customer = await moduleContext<ApprovalConfig>('customer-approval')(c).customers.byId(ids[0]!);
  if (!customer) return `account #${ids[0]}`;
  return `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
}

/**
 * Applies one decision to every chosen account, each in its own transaction through the core's status
 * change (modules take part; the audit entry is the core's). A module's veto of one account does not
 * stop the others: the refusals are listed to the admin.
 */
export function decide(to: ApprovalStatus) {
  return async (c: Context<AdminEnv>) => {
    const { ids, returnTo, fields } = await decisionForm(c);
    if (ids.length === 0) return c.text('Choose at least one account.', 400);
    if (ids.length > 200) return c.text('At most 200 accounts at once.', 400);
    const named = await namesOf(c, ids);
    const step = steps[to];
    if (step.asks && !isConfirmed(fields)) {
      return confirmPage(c, {
        question: `${step.verb} ${named}?`,
        consequence: step.consequence,
        action: new URL(c.req.url).pathname,
        fields: { ids: ids.map(String), returnTo },
        confirmLabel: `${step.verb} ${ids.length === 1 ? 'the account' : `${ids.length} accounts`}`,
        cancelHref: returnTo,
      });
    }
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
    sayOutcome(c, step.done(named));
    return c.redirect(`${returnTo}${returnTo.includes('?') ? '&' : '?'}flash=saved`, 303);
  };
}
