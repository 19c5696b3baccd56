import { and, desc, eq } from 'drizzle-orm';
import type { AuditActor } from '../../../core/audit/service.ts';
import { issuePasswordToken } from '../../../core/customers/password-reset.ts';
import { changeCustomerGroup } from '../../../core/customers/service.ts';
import { changeCustomerStatus } from '../../../core/customers/status.ts';
import { customers } from '../../../core/db/schema/index.ts';
import { AppError } from '../../../core/errors.ts';
import type { HookMap } from '../../../core/modules/hooks.ts';
import type { ModuleContext } from '../../../core/modules/context.ts';
import { recordAudit } from '../../../core/audit/service.ts';
import type { RegistrationConfig } from '../config.ts';
import { b2bRegistrationApplications } from '../tables.ts';
import { mailApplicant, registrationTemplates } from './emails.ts';

type Ctx = ModuleContext<RegistrationConfig>;
type Application = typeof b2bRegistrationApplications.$inferSelect;

const actorName = (actor: AuditActor) => (actor === 'system' ? 'system' : actor.email);

/** The customer's pending application, locked for the decision (the newest, should there be several). */
async function pendingApplicationOf(ctx: Ctx, customerId: number): Promise<Application | undefined> {
  const [row] = await ctx.db
    .select()
    .from(b2bRegistrationApplications)
    .where(and(eq(b2bRegistrationApplications.customerId, customerId), eq(b2bRegistrationApplications.status, 'pending')))
    .orderBy(desc(b2bRegistrationApplications.id))
    .limit(1)
    .for('update');
  return row;
}

async function applicantOf(ctx: Ctx, customerId: number) {
  const [row] = await ctx.db.select({ email: customers.email, firstName: customers.firstName }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
  return row;
}

/** Approval: the application approved, the account moved to the B2B group, and the approval email (with a set-password link for an account made for it). */
async function approve(ctx: Ctx, application: Application, actor: AuditActor): Promise<void> {
  const config = await ctx.config();
  const now = ctx.clock();
  await ctx.db.update(b2bRegistrationApplications).set({ status: 'approved', decidedAt: now, decidedBy: actorName(actor) }).where(eq(b2bRegistrationApplications.id, application.id));
  await changeCustomerGroup(ctx.db, { customerId: application.customerId, groupId: config.b2bGroupId, actor });
  const applicant = await applicantOf(ctx, application.customerId);
  const setup = application.createdCustomer ? await issuePasswordToken(ctx.db, application.customerId, 'setup', now) : undefined;
  await mailApplicant(ctx, {
    kind: 'b2b_registration_approved',
    template: setup ? registrationTemplates.approvedNewAccount : registrationTemplates.approvedExistingAccount,
    to: applicant.email,
    name: applicant.firstName,
    storeCode: application.storeCode,
    note: application.note,
    link: setup ? (storeCode) => ctx.mailer.storefrontUrl(`/account/set-password?${new URLSearchParams({ token: setup.token })}`, storeCode) : undefined,
  });
  await recordAudit(ctx.db, {
    actor,
    module: ctx.moduleId,
    action: 'application.approved',
    subject: `customer:${application.customerId}`,
    diff: { [`application.${application.id}.status`]: { from: 'pending', to: 'approved' }, ...(application.note ? { note: { from: null, to: application.note } } : {}) },
  });
}

/** Decline: the application declined and the decline email; the account's status is the caller's business. */
async function decline(ctx: Ctx, application: Application, actor: AuditActor): Promise<void> {
  await ctx.db.update(b2bRegistrationApplications).set({ status: 'declined', decidedAt: ctx.clock(), decidedBy: actorName(actor) }).where(eq(b2bRegistrationApplications.id, application.id));
  const applicant = await applicantOf(ctx, application.customerId);
  await mailApplicant(ctx, { kind: 'b2b_registration_declined', template: registrationTemplates.declined, to: applicant.email, name: applicant.firstName, storeCode: application.storeCode, note: application.note });
  await recordAudit(ctx.db, {
    actor,
    module: ctx.moduleId,
    action: 'application.declined',
    subject: `customer:${application.customerId}`,
    diff: { [`application.${application.id}.status`]: { from: 'pending', to: 'declined' }, ...(application.note ? { note: { from: null, to: application.note } } : {}) },
  });
}

/**
 * `customer.statusChanging` (DECISIONS.md 45): approving or declining an applicant from any grid
 * completes their pending application in the same transaction. Set back to pending, the application
 * waits on.
 */
export async function completeApplication(input: HookMap['customer.statusChanging'], ctx: Ctx): Promise<void> {
  if (input.to === 'pending') return;
  const application = await pendingApplicationOf(ctx, input.customerId);
  if (!application) return;
  if (input.to === 'active') await approve(ctx, application, input.actor);
  else await decline(ctx, application, input.actor);
}

function alreadyDecided(application: Application): AppError {
  return new AppError('conflict', 'application_decided', `This application was already ${application.status}.`, { status: application.status });
}

/**
 * A decision from the applications grid or API, in one transaction: the note is kept on the
 * application, then the account's status changes through the core (so the same hook completes the
 * application as a decision on the customers grid would). A decline rejects the account unless it was
 * already active before the application (an existing customer keeps their account).
 */
export async function decideApplication(ctx: Ctx, decision: { applicationId: number; approve: boolean; note?: string; actor: AuditActor }): Promise<void> {
  await ctx.transaction(async (tx) => {
    const [application] = await tx.db.select().from(b2bRegistrationApplications).where(eq(b2bRegistrationApplications.id, decision.applicationId)).for('update');
    if (!application) throw new AppError('not_found', 'application_not_found', 'No such application.');
    if (application.status !== 'pending') throw alreadyDecided(application);
    if (decision.note) await tx.db.update(b2bRegistrationApplications).set({ note: decision.note }).where(eq(b2bRegistrationApplications.id, application.id));
    const [customer] = await tx.db.select({ approvalStatus: customers.approvalStatus }).from(customers).where(eq(customers.id, application.customerId));
    if (!customer) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
    if (decision.approve) {
      await changeCustomerStatus(tx.db, tx.hooks, { customerId: application.customerId, to: 'active', actor: decision.actor });
    } else if (application.createdCustomer || customer.approvalStatus !== 'active') {
      await changeCustomerStatus(tx.db, tx.hooks, { customerId: application.customerId, to: 'rejected', actor: decision.actor });
    } else {
      await decline(tx, { ...application, note: decision.note ?? application.note }, decision.actor);
    }
    const [after] = await tx.db.select({ status: b2bRegistrationApplications.status }).from(b2bRegistrationApplications).where(eq(b2bRegistrationApplications.id, application.id));
    // The hook decides through the account; if the account already had the target status the hook still ran, so this only guards a module refusing silently.
    if (after?.status === 'pending') throw new AppError('conflict', 'application_not_decided', 'The account changed, but the application is still pending.');
  });
}
