import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../platform/audit/service.ts';
import { invalidateAccessTokens } from '../../platform/auth/token-validity.ts';
import type { Db } from '../../platform/db/database.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { HookRegistry } from '../../platform/modules/hooks.ts';
import { isApprovalStatus, type ApprovalStatus } from './approval.ts';

export interface StatusChange {
  customerId: number;
  to: ApprovalStatus;
  actor: AuditActor;
}

export interface StatusChangeResult {
  customerId: number;
  from: ApprovalStatus;
  to: ApprovalStatus;
  /** False when the customer already had that status (the hook ran and the action was still recorded). */
  changed: boolean;
}

/**
 * The one way an account's approval status changes (DECISIONS.md 45): the approve, decline and
 * set-pending actions of every grid call this. In one transaction it locks the customer row, runs
 * `customer.statusChanging` (modules take part: a veto rolls everything back, their own writes commit
 * with the change), writes the status, ends the account's access tokens (DECISIONS.md 50: a declined or
 * re-pended customer's is refused from the next request; refresh grants check the status themselves)
 * and adds an audit entry.
 */
export async function changeCustomerStatus(db: Db, hooks: HookRegistry, { customerId, to, actor }: StatusChange): Promise<StatusChangeResult> {
  if (!isApprovalStatus(to)) throw new AppError('invalid', 'invalid_approval_status', `Unknown approval status "${String(to)}".`);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ approvalStatus: customers.approvalStatus }).from(customers).where(eq(customers.id, customerId)).for('update');
    if (!row) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
    const from = row.approvalStatus;
    await hooks.run('customer.statusChanging', { customerId, from, to, actor, customerNotified: false }, { db: tx });
    if (from !== to) {
      await tx.update(customers).set({ approvalStatus: to, updatedAt: new Date() }).where(eq(customers.id, customerId));
      await invalidateAccessTokens(tx, customerId);
    }
    await recordAudit(tx, { actor, module: 'core', action: 'customer.status_changed', subject: `customer:${customerId}`, diff: { approvalStatus: { from, to } } });
    return { customerId, from, to, changed: from !== to };
  });
}
