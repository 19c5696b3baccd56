import { approvalStatuses, type ApprovalStatus } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

export { approvalStatuses, type ApprovalStatus };

/** What a refused account hears when no module supplies its own (configured) message. */
export const defaultRefusalMessages = {
  pending: 'Your account is awaiting approval. You can sign in once it has been approved.',
  rejected: 'Your account was not approved. Please contact the store if you think this is a mistake.',
} as const;

/**
 * 403 for a pending account (DECISIONS.md 19): an extension error code in the sense of RFC 6749 §8.5,
 * so `error_description` repeats the message for OAuth clients.
 */
export function accountPendingApproval(message: string = defaultRefusalMessages.pending): AppError {
  return new AppError('forbidden', 'account_pending_approval', message, undefined, { fields: { error_description: message }, headers: { 'Cache-Control': 'no-store' } });
}

/** 403 for a rejected account (DECISIONS.md 37). */
export function accountRejected(message: string = defaultRefusalMessages.rejected): AppError {
  return new AppError('forbidden', 'account_rejected', message, undefined, { headers: { 'Cache-Control': 'no-store' } });
}

/** The core's own refusal of a token for an account in `status`; undefined for an active one. */
export function defaultTokenRefusal(status: ApprovalStatus): AppError | undefined {
  if (status === 'pending') return accountPendingApproval();
  if (status === 'rejected') return accountRejected();
  return undefined;
}

export function isApprovalStatus(value: unknown): value is ApprovalStatus {
  return typeof value === 'string' && (approvalStatuses as readonly string[]).includes(value);
}
