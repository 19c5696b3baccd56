import { and, desc, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit/service.ts';
import { issuePasswordToken } from '../../../domains/customers/password-reset.ts';
import { changeCustomerGroup } from '../../../domains/customers/service.ts';
import { changeCustomerStatus } from '../../../domains/customers/status.ts';
import { AppError } from '../../../platform/errors.ts';
import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { ModuleContext } from '../../../platform/modules/context.ts';
import type { RegistrationConfig } from '../config.ts';
import { b2bRegistrationApplications } from '../tables.ts';
import { mailApplicant, registrationTemplates } from './emails.ts';

type Ctx = ModuleContext<RegistrationConfig>;
type Application = typeof b2bRegistrationApplications.$inferSelect;

const actorName = (actor: AuditActor) => (actor === 'system' ? 'system' : actor.email);

/** The customer's pending applications, newest first, locked for the decision. */
async function pendingApplicationsOf(ctx: Ctx, customerId: number): Promise<Application[]> {
  return ctx.db
    .select()
    .from(b2bRegistrationApplications)
    .where(and(eq(b2bRegistrationApplications.customerId, customerId), eq(b2bRegistrationApplications.status, 'pending')))
    .orderBy(desc(b2bRegistrationApplications.id))
    .for('update');
}

async function applicantOf(ctx: Ctx, customerId: number) {
  const customer = await ctx.customers.byId(customerId);
  if (!customer) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
  return { email: customer.email, firstName: customer.firstName };
}

/**
 * Marks the applications decided and audits each (with its note). A customer may have applied twice
 * before anyone looked: one decision about the account decides all of them.
 */
async function markDecided(ctx: Ctx, applications: Application[], status: 'approved' | 'declined', actor: AuditActor): Promise<void> {
  const now = ctx.clock();
  for (const application of applications) {
    await ctx.db.update(b2bRegistrationApplications).set({ status, decidedAt: now, decidedBy: actorName(actor) }).where(eq(b2bRegistrationApplications.id, application.id));
    await recordAudit(ctx.db, {
      actor,
      module: ctx.moduleId,
      action: `application.${status}`,
      subject: `customer:${application.customerId}`,
      diff: { [`application.${application.id}.status`]: { from: 'pending', to: status }, ...(application.note ? { note: { from: null, to: application.note } } : {}) },
    });
  }
}

/** The note the applicant hears: the newest application's that has one. */
const noteOf = (applications: Application[]) => applications.find((a) => a.note)?.note ?? null;

/**
 * Approval: the applications approved, the account moved to the B2B group, and one approval email
 * (with a set-password link when the account was made for an application, in the store it applied in).
 */
async function approve(ctx: Ctx, applications: [Application, ...Application[]], actor: AuditActor): Promise<void> {
  const config = await ctx.config();
  const [newest] = applications;
  await markDecided(ctx, applications, 'approved', actor);
  await changeCustomerGroup(ctx.db, { customerId: newest.customerId, groupId: config.b2bGroupId, actor });
  const applicant = await applicantOf(ctx, newest.customerId);
  const setup = applications.some((a) => a.createdCustomer) ? await issuePasswordToken(ctx.db, newest.customerId, 'setup', ctx.clock()) : undefined;
  await mailApplicant(ctx, {
    kind: 'b2b_registration_approved',
    template: setup ? registrationTemplates.approvedNewAccount : registrationTemplates.approvedExistingAccount,
    to: applicant.email,
    name: applicant.firstName,
    storeCode: newest.storeCode,
    note: noteOf(applications),
    link: setup ? (storeCode) => ctx.mailer.storefrontUrl(`/account/set-password?${new URLSearchParams({ token: setup.token })}`, storeCode) : undefined,
  });
}

/** Decline: the applications declined and one decline email; the account's status is the caller's business. */
async function decline(ctx: Ctx, applications: [Application, ...Application[]], actor: AuditActor): Promise<void> {
  const [newest] = applications;
  await markDecided(ctx, applications, 'declined', actor);
  const applicant = await applicantOf(ctx, newest.customerId);
  await mailApplicant(ctx, { kind: 'b2b_registration_declined', template: registrationTemplates.declined, to: applicant.email, name: applicant.firstName, storeCode: newest.storeCode, note: noteOf(applications) });
}

/**
 * `customer.statusChanging` (DECISIONS.md 45): approving or declining an applicant from any grid
 * completes their pending applications in the same transaction. Set back to pending, they wait on.
 */
export async function completeApplication(input: HookMap['customer.statusChanging'], ctx: Ctx): Promise<void> {
  if (input.to === 'pending') return;
  const [newest, ...older] = await pendingApplicationsOf(ctx, input.customerId);
  if (!newest) return;
  if (input.to === 'active') await approve(ctx, [newest, ...older], input.actor);
  else await decline(ctx, [newest, ...older], input.actor);
  // Our email (with the set-password link, or the decline) is the one the applicant needs about this change.
  input.customerNotified = true;
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
    const customer = await tx.customers.byId(application.customerId);
    if (!customer) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
    if (decision.approve) {
      await changeCustomerStatus(tx.db, tx.hooks, { customerId: application.customerId, to: 'active', actor: decision.actor });
    } else if (application.createdCustomer || customer.approvalStatus !== 'active') {
      await changeCustomerStatus(tx.db, tx.hooks, { customerId: application.customerId, to: 'rejected', actor: decision.actor });
    } else {
      await decline(tx, [{ ...application, note: decision.note ?? application.note }], decision.actor);
    }
    // The hook completes the application (it runs even when the account already had the status); should
    // it not have, nothing of this decision may stay: the error rolls the whole transaction back.
    const [after] = await tx.db.select({ status: b2bRegistrationApplications.status }).from(b2bRegistrationApplications).where(eq(b2bRegistrationApplications.id, application.id));
    if (after?.status === 'pending') throw new AppError('conflict', 'application_not_decided', 'The application could not be decided; nothing was changed.');
  });
}
