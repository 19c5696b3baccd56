import { html } from 'hono/html';
import { csrfField } from '../../../platform/admin/layout.ts';
import { auditHistoryTable } from '../../../platform/audit/history-table.ts';
import type { ApprovalStatus } from '../../../domains/customers/approval.ts';
import type { ModuleContext } from '../../../platform/modules/context.ts';

/** The three decisions as buttons; each offered only where it changes something. Taking access away is dangerous (decide.ts asks first). */
export const decisions: { path: string; label: string; to: ApprovalStatus; danger: boolean }[] = [
  { path: '/approve', label: 'Approve', to: 'active', danger: false },
  { path: '/decline', label: 'Decline', to: 'rejected', danger: true },
  { path: '/set-pending', label: 'Set pending', to: 'pending', danger: true },
];

function decisionButtons(csrfToken: string, customerId: number, status: ApprovalStatus, returnTo: string) {
  return decisions
    .filter((d) => d.to !== status)
    .map(
      (d) =>
        html`<form method="post" action="/admin/customer-approval${d.path}" style="display:inline">${csrfField(csrfToken)}<input type="hidden" name="id" value="${customerId}" /><input type="hidden" name="returnTo" value="${returnTo}" /><button class="${d.danger ? 'danger' : ''}">${d.label}</button></form> `,
    );
}

/**
 * An account's approval status, the decisions it can take and its history (every audit entry about the
 * account: status changes, group moves, trade applications), oldest first. Shown on the customer's
 * admin page and on the module's own page; undefined for an unknown account.
 */
export async function approvalSection(ctx: ModuleContext, customerId: number, page: { csrfToken: string; returnTo: string }) {
  const [customer, history] = await Promise.all([ctx.customers.byId(customerId), ctx.audit.about(`customer:${customerId}`)]);
  if (!customer) return undefined;
  return html`<p>Approval status <strong data-approval-status>${customer.approvalStatus}</strong> ${decisionButtons(page.csrfToken, customerId, customer.approvalStatus, page.returnTo)}</p>
    ${auditHistoryTable(history)}
    ${history.length === 0 ? html`<p class="muted">No decision yet: the account has had its status since it was created (${customer.createdAt.toISOString().slice(0, 10)}).</p>` : ''}`;
}
