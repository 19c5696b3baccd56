import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createCustomer } from '../../../domains/customers/service.ts';
import { changeCustomerStatus } from '../../../domains/customers/status.ts';
import type { NotificationPayload } from '../../../platform/events/notifications.ts';
import type { ModuleContext } from '../../../platform/modules/context.ts';
import type { CustomerAttribute, RegistrationConfig } from '../config.ts';
import { b2bRegistrationApplications } from '../tables.ts';

type Ctx = ModuleContext<RegistrationConfig>;
type Submission = NotificationPayload<'customforms_submission_saved'>;

const Email = z.email().max(254);
const Name = z.string().trim().min(1).max(100);

/** The override map applied to a payload: attribute → text, blank values left out. */
export function mappedAttributes(config: RegistrationConfig, payload: Submission['payload']): Partial<Record<CustomerAttribute, string>> {
  const attributes: Partial<Record<CustomerAttribute, string>> = {};
  for (const [key, attribute] of Object.entries(config.overrideMap)) {
    const value = payload[key];
    if (value === null || value === undefined || String(value).trim() === '') continue;
    attributes[attribute] = String(value).trim().slice(0, 500);
  }
  return attributes;
}

/** The account's names: mapped ones, else a mapped full name split at its last space. */
function accountNames(attributes: Partial<Record<CustomerAttribute, string>>): { first?: string; last?: string } {
  if (attributes.firstName || attributes.lastName || !attributes.fullName) return { first: attributes.firstName, last: attributes.lastName };
  const full = attributes.fullName;
  const space = full.lastIndexOf(' ');
  return space < 0 ? { first: full } : { first: full.slice(0, space), last: full.slice(space + 1) };
}

/**
 * A random password nobody is told, hashed like any other: the account cannot be signed in to until
 * its owner sets a password through the link of the approval email.
 */
function unusablePassword(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * One `customforms_submission_saved` event (at least once, so idempotent by submission id): for a
 * nominated form, the applicant's account is created pending, or the application is attached to the
 * account that has the email (a rejected one goes back to pending), and the application stored with
 * the payload. All in one transaction: a redelivery after a failure finds nothing half-done.
 */
export async function receiveSubmission(ctx: Ctx, submission: Submission): Promise<void> {
  const config = await ctx.config();
  if (!config.enabled || !config.formCodes.includes(submission.formCode)) return;
  const email = Email.safeParse(String(submission.payload[config.emailFieldKey] ?? '').trim().toLowerCase());
  if (!email.success) {
    // Custom Forms validated the form; a nominated form without a valid email field is a configuration mistake, not a retryable failure.
    ctx.log.error(`submission ${submission.submissionId} of form ${submission.formCode} has no valid email in field "${config.emailFieldKey}"; no application made`);
    return;
  }
  const attributes = mappedAttributes(config, submission.payload);
  await ctx.transaction(async (tx) => {
    const [known] = await tx.db.select({ id: b2bRegistrationApplications.id }).from(b2bRegistrationApplications).where(eq(b2bRegistrationApplications.submissionId, submission.submissionId));
    if (known) return;
    const existing = await tx.customers.byEmail(email.data);
    let customerId: number;
    if (existing) {
      customerId = existing.id;
      if (existing.approvalStatus === 'rejected') await changeCustomerStatus(tx.db, tx.hooks, { customerId, to: 'pending', actor: 'system' });
    } else {
      const { first, last } = accountNames(attributes);
      const firstName = Name.safeParse(first);
      const lastName = Name.safeParse(last);
      customerId = await createCustomer(tx.db, tx.hooks, {
        email: email.data,
        password: unusablePassword(),
        firstName: firstName.success ? firstName.data : email.data.split('@')[0]!.slice(0, 100),
        lastName: lastName.success ? lastName.data : attributes.company?.slice(0, 100) ?? '',
        approvalStatus: 'pending',
      });
    }
    const [application] = await tx.db
      .insert(b2bRegistrationApplications)
      .values({
        status: 'pending',
        customerId,
        createdCustomer: !existing,
        formCode: submission.formCode,
        submissionId: submission.submissionId,
        storeCode: submission.storeCode,
        payload: submission.payload,
        fieldLabels: submission.labels ?? {},
        attributes,
        createdAt: ctx.clock(),
      })
      .returning({ id: b2bRegistrationApplications.id });
    await tx.audit.record({
      action: 'application.received',
      subject: `customer:${customerId}`,
      diff: { application: { from: null, to: application!.id }, customer: { from: null, to: existing ? 'attached' : 'created pending' } },
    });
  });
}
