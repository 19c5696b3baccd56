import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { ModuleContext } from '../../../platform/modules/context.ts';
import type { ApprovalConfig } from '../config.ts';
import { mailCustomer, noticeAdmins } from '../emails.ts';

/**
 * `customer.beforeCreate`, inside the registration transaction: with approval required every new account
 * starts pending. Whatever made it pending (this, or a trade application creating the account), the
 * customer hears that it awaits approval and the configured admins get a notice, in the same
 * transaction as the account.
 */
export async function decideNewAccount(input: HookMap['customer.beforeCreate'], ctx: ModuleContext<ApprovalConfig>): Promise<void> {
  const config = await ctx.config();
  if (!config.enabled) return;
  if (config.requireApprovalForNewRegistrations) input.approvalStatus = 'pending';
  if (input.approvalStatus !== 'pending') return;
  await mailCustomer(ctx, config, input, 'pending');
  await noticeAdmins(ctx, config, input);
}
