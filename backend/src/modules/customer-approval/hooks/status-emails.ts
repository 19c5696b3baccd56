import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { ModuleContext } from '../../../platform/modules/context.ts';
import type { ApprovalConfig } from '../config.ts';
import { loadAccount, mailCustomer, noticeAdmins } from '../emails.ts';

/**
 * `customer.statusChanging`, inside the decision's transaction: the customer's email for the new status
 * (approved, rejected, or back to pending), only when the status really changes and no module has
 * already written to the customer about it. An account set back to
 * pending is announced to the admins like a new one.
 */
export async function mailStatusChange(input: HookMap['customer.statusChanging'], ctx: ModuleContext<ApprovalConfig>): Promise<void> {
  if (input.from === input.to) return;
  const config = await ctx.config();
  if (!config.enabled) return;
  const account = await loadAccount(ctx, input.customerId);
  if (!account) return;
  // A module that wrote to the customer about this very change (a trade approval with its set-password link) speaks for it.
  if (!input.customerNotified) await mailCustomer(ctx, config, account, input.to);
  if (input.to === 'pending') await noticeAdmins(ctx, config, account, input.customerId);
}
