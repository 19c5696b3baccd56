import { defineModule } from '../../platform/modules/define-module.ts';
import { approvalAdmin, approvalGridActions, approvalGridColumns, approvalNav, approvalPanel, pendingCard } from './admin/index.ts';
import { approvalConfigSchema, type ApprovalConfig } from './config.ts';
import { approvalDiscovery } from './discovery.ts';
import { decideNewAccount } from './hooks/new-account.ts';
import { mailStatusChange } from './hooks/status-emails.ts';
import { refuseUnapprovedToken } from './hooks/token-refusal.ts';

/**
 * Customer Approval (SPEC.md "Customer Approval", DECISIONS.md 19, 37, 44, 45). The account status
 * and the decisions are core (domains/customers/status.ts, GET/POST /api/rest/v2/admin/customers…); this
 * module supplies what the merchant configures: whether new sign-ups wait, the refusal messages, the
 * emails, and the admin's approval pages, grid column and actions.
 */
const customerApproval = defineModule<ApprovalConfig>({
  id: 'customer-approval',
  title: 'Customer Approval',
  config: approvalConfigSchema,
  routes: { admin: approvalAdmin },
  discovery: { code: 'approval', answer: approvalDiscovery },
  hooks: [
    { hook: 'auth.beforeIssueToken', handle: refuseUnapprovedToken },
    { hook: 'customer.beforeCreate', handle: decideNewAccount },
    { hook: 'customer.statusChanging', handle: mailStatusChange },
  ],
  admin: { nav: approvalNav, gridColumns: approvalGridColumns, gridActions: approvalGridActions, customerPanels: approvalPanel, dashboardCard: pendingCard },
  // The demo shop stays easy to try: retail sign-ups need no approval; trade applications do (B2B Registration).
  demo: async (_ctx, { configure }) => configure({ enabled: true, requireApprovalForNewRegistrations: false }),
});

export default customerApproval;
