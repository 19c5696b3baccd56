import type { ApprovalStatus } from '../../domains/customers/approval.ts';
import type { Sender } from '../../platform/mail/mailer.ts';
import { renderTemplate, shopText } from '../../platform/mail/template.ts';
import type { ModuleContext } from '../../platform/modules/context.ts';
import type { ApprovalConfig } from './config.ts';

type Ctx = ModuleContext<ApprovalConfig>;
type TemplateName = keyof ApprovalConfig['templates'];

/** Which email a customer gets on arriving in a status. */
const templateFor: Record<ApprovalStatus, TemplateName> = { pending: 'pending', active: 'approved', rejected: 'rejected' };

/** The configured sender, or undefined (blank) for the store's own contact identity. */
function senderOf(config: ApprovalConfig): Sender | undefined {
  const { name, email } = config.sender;
  if (!email) return undefined;
  return { name: name || email, address: email };
}

async function defaultStoreName(ctx: Ctx): Promise<string> {
  return (await ctx.stores.defaultStore())?.name ?? '';
}

export interface Account {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The customer's email for arriving in `status`, written to the outbox in the open transaction (it
 * goes out only if the change commits; a failed delivery never undoes it).
 */
export async function mailCustomer(ctx: Ctx, config: ApprovalConfig, account: Account, status: ApprovalStatus): Promise<void> {
  const name = templateFor[status];
  const vars = { name: account.firstName, email: account.email, storeName: await defaultStoreName(ctx), link: shopText(ctx.mailer.storefrontUrl('/login')) };
  await ctx.mailer.send({ kind: `customer_approval_${name}`, to: account.email, from: senderOf(config), ...renderTemplate(config.templates[name], vars) });
}

/** The notice to each of `notifyEmails` about a new pending account; `customerId` is unknown before the row exists. */
export async function noticeAdmins(ctx: Ctx, config: ApprovalConfig, account: Account, customerId?: number): Promise<void> {
  if (config.notifyEmails.length === 0) return;
  // The backend's public address is configured nowhere the mailer knows: the notice names the admin page's path.
  const link = customerId === undefined ? '/admin/customer-approval?status=pending' : `/admin/customer-approval/customers/${customerId}`;
  const vars = { name: `${account.firstName} ${account.lastName}`.trim(), email: account.email, storeName: await defaultStoreName(ctx), link: shopText(link) };
  const mail = renderTemplate(config.templates.adminNotice, vars);
  for (const to of config.notifyEmails) await ctx.mailer.send({ kind: 'customer_approval_admin_notice', to, from: senderOf(config), ...mail });
}

export async function loadAccount(ctx: Ctx, customerId: number): Promise<Account | undefined> {
  const customer = await ctx.customers.byId(customerId);
  return customer && { email: customer.email, firstName: customer.firstName, lastName: customer.lastName };
}
