/** The merchant's email about a new submission: every field by its label, as plain text. */
import type { MailMessage } from '../../../platform/mail/mailer.ts';
import { unlinkable } from '../../../platform/mail/template.ts';
import type { customForms } from '../tables.ts';
import type { PayloadValue } from './field-validation.ts';

function shown(value: PayloadValue | undefined): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null || value === undefined || value === '') return '—';
  // A visitor's answer is never a link in the merchant's mail client (DECISIONS.md 57).
  return unlinkable(String(value));
}

export function notificationEmail(
  form: typeof customForms.$inferSelect,
  payload: Record<string, PayloadValue>,
  submissionId: number,
  to: string,
  storeId: number,
): MailMessage {
  const lines = form.fields.filter((field) => field.type !== 'hidden').map((field) => `${field.label}: ${shown(payload[field.key])}`);
  return {
    kind: 'custom_form_submission',
    to,
    storeId,
    // One line: a header field; the title is the merchant's own text.
    subject: `New submission of "${form.title.replace(/[\r\n]+/g, ' ')}" (#${submissionId})`,
    text: [`A visitor sent the form "${form.title}".`, '', ...lines, '', `Submission #${submissionId}; the admin lists every submission under Content → Forms.`].join('\n'),
  };
}
