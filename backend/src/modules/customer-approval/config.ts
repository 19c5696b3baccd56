import { z } from 'zod';
import { field } from '../../platform/modules/config-fields.ts';
import { defaultRefusalMessages } from '../../domains/customers/approval.ts';

const template = (subject: string, body: string, label: string) =>
  field(
    z
      .object({
        subject: field(z.string().trim().min(1, 'A subject is required.').max(200).default(subject), { label: 'Subject' }),
        body: field(z.string().trim().min(1, 'A body is required.').max(10_000).default(body), {
          label: 'Body',
          multiline: true,
          help: 'Placeholders: {{name}}, {{email}}, {{storeName}}, {{link}} (the sign-in page; the admin page of the account in the admin notice).',
        }),
      })
      .prefault({}),
    { label },
  );

/** Customer Approval configuration: DECISIONS.md 37 exactly. */
export const approvalConfigSchema = z.object({
  enabled: field(z.boolean().default(false), { label: 'Enabled', help: 'Master switch. Off: the configured messages and emails are not used (the core still refuses pending accounts).' }),
  requireApprovalForNewRegistrations: field(z.boolean().default(false), {
    label: 'New registrations require approval',
    help: 'On: every new account starts pending. Off: only trade applications wait for approval.',
  }),
  blockedLoginMessage: field(z.string().trim().min(1).max(1000).default(defaultRefusalMessages.pending), { label: 'Blocked-login message', help: 'Shown to a pending customer who tries to sign in.', multiline: true }),
  rejectedLoginMessage: field(z.string().trim().min(1).max(1000).default(defaultRefusalMessages.rejected), { label: 'Rejected-login message', help: 'Shown to a rejected customer who tries to sign in.', multiline: true }),
  notifyEmails: field(z.array(z.email().max(254)).max(20).default([]), { label: 'Notify these emails of pending accounts', help: 'Each new pending account (sign-up or trade application) is announced to them.' }),
  sender: field(
    z
      .object({
        name: field(z.string().trim().max(100).default(''), { label: 'Sender name' }),
        email: field(z.union([z.literal(''), z.email().max(254)]).default(''), { label: 'Sender email' }),
      })
      .prefault({}),
    { label: 'Email sender', help: "Blank: the store's contact identity." },
  ),
  templates: field(
    z
      .object({
        pending: template(
          'Your account at {{storeName}} is awaiting approval',
          'Hello {{name}},\n\nthank you for registering at {{storeName}}. Your account is awaiting approval; we will email you as soon as it has been reviewed.\n\n{{storeName}}',
          'Pending (to the customer)',
        ),
        approved: template(
          'Your account at {{storeName}} has been approved',
          'Hello {{name}},\n\nyour account at {{storeName}} has been approved. You can sign in here:\n\n{{link}}\n\n{{storeName}}',
          'Approved (to the customer)',
        ),
        rejected: template(
          'Your account at {{storeName}}',
          'Hello {{name}},\n\nwe are sorry: your account at {{storeName}} was not approved. Reply to this email if you think this is a mistake.\n\n{{storeName}}',
          'Rejected (to the customer)',
        ),
        adminNotice: template(
          'New account awaiting approval: {{email}}',
          'A new account is awaiting approval at {{storeName}}:\n\n{{name}} <{{email}}>\n\nReview it here: {{link}}',
          'Admin notice (new pending account)',
        ),
      })
      .prefault({}),
    { label: 'Email templates' },
  ),
});

export type ApprovalConfig = z.infer<typeof approvalConfigSchema>;
