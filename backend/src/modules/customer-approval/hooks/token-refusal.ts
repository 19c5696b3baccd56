import { accountPendingApproval, accountRejected } from '../../../domains/customers/approval.ts';
import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { ModuleContext } from '../../../platform/modules/context.ts';
import type { ApprovalConfig } from '../config.ts';

/**
 * `auth.beforeIssueToken` (every path that issues or refreshes a customer token): a pending or rejected
 * account is refused with the configured message (DECISIONS.md 19, 37). Disabled, the module says
 * nothing and the core refuses with its default messages.
 */
export async function refuseUnapprovedToken(input: HookMap['auth.beforeIssueToken'], ctx: ModuleContext<ApprovalConfig>): Promise<void> {
  if (input.approvalStatus === 'active') return;
  const config = await ctx.config();
  if (!config.enabled) return;
  if (input.approvalStatus === 'pending') throw accountPendingApproval(config.blockedLoginMessage);
  throw accountRejected(config.rejectedLoginMessage);
}
