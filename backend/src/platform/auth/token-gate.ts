import type { ApprovalStatus } from '../../domains/customers/approval.ts';
import { defaultTokenRefusal, isApprovalStatus } from '../../domains/customers/approval.ts';
import type { Db } from '../db/database.ts';
import type { HookRegistry } from '../modules/hooks.ts';

export interface TokenCandidate {
  id: number;
  email: string;
  groupId: number;
  approvalStatus: ApprovalStatus;
}

/**
 * The one check before a customer token is issued or refreshed (password grant, /auth/login,
 * refresh_token). First `auth.beforeIssueToken` runs: a module may refuse with its own AppError (its
 * configured message) or set `approvalStatus` on the input to decide otherwise. Then the core refuses
 * whatever is still not `active`, with its default messages, so without any module a pending or
 * rejected account gets no token. `db` is the transaction the token is written in.
 */
export async function assertMayIssueToken(hooks: HookRegistry, db: Db, customer: TokenCandidate): Promise<void> {
  const input = { customerId: customer.id, email: customer.email, groupId: customer.groupId, approvalStatus: customer.approvalStatus };
  await hooks.run('auth.beforeIssueToken', input, { db });
  if (!isApprovalStatus(input.approvalStatus)) throw new Error(`auth.beforeIssueToken set an unknown approvalStatus "${String(input.approvalStatus)}"`);
  const refusal = defaultTokenRefusal(input.approvalStatus);
  if (refusal) throw refusal;
}
