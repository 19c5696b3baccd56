/**
 * Every email the shop writes, rendered and proofread (issue 33 item 11: "Northfield Supply Co.."
 * and "Hello Riley,\n\nyour trade account…"). Each template of the domains and modules is filled
 * the way its sender fills it, with the demo store's name (which ends in a full stop) and read for
 * doubled punctuation, a broken greeting, a paragraph starting in lower case, a placeholder left
 * unfilled, and an HTML part that says something other than the text. A scan of the sources finds
 * every kind of email sent, so a new one fails here until it is rendered and named for the admin.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enqueueOrderConfirmation } from '../src/domains/checkout/order-confirmation.ts';
import { accountOpenedTemplate } from '../src/domains/customers/admin-edits.ts';
import { emailChangedTemplate } from '../src/domains/customers/email-change.ts';
import { passwordResetTemplate } from '../src/domains/customers/password-reset.ts';
import { orderLinkTemplate } from '../src/domains/orders/link-guest-orders.ts';
import { refundEmailTemplate } from '../src/domains/orders/refund-email.ts';
import { shipmentEmailTemplate } from '../src/domains/orders/ship.ts';
import type { StoreView } from '../src/domains/stores/store-view.ts';
import { registrationTemplates } from '../src/modules/b2b-registration/service/emails.ts';
import { approvalConfigSchema } from '../src/modules/customer-approval/config.ts';
import { notificationEmail } from '../src/modules/custom-forms/submissions/notification-email.ts';
import { adminPasswordResetTemplate } from '../src/platform/auth/admin-password-reset.ts';
import type { Db } from '../src/platform/db/database.ts';
import type { Mailer, MailMessage } from '../src/platform/mail/mailer.ts';
import { mailKindWords } from '../src/platform/mail/mail-kinds.ts';
import { renderTemplate, shopText, type MailTemplate, type RenderedMail, type TemplateVars } from '../src/platform/mail/template.ts';

const storeName = 'Northfield Supply Co.';
const shop = 'http://127.0.0.1:8787/';
const link = shopText('http://127.0.0.1:8787/account/set-password?token=abc');
const note = '\nWelcome aboard: your first order ships free.\n';

/** A template filled with exactly the values its sender gives; a placeholder the sender does not fill fails. */
function filled(template: MailTemplate, vars: TemplateVars): RenderedMail {
  const names = new Set([...`${template.subject}\n${template.body}`.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]!));
  expect([...names].filter((name) => !Object.hasOwn(vars, name))).toEqual([]);
  return renderTemplate(template, vars);
}

/** What the order confirmation's own code writes, caught from a mailer that only records. */
async function orderConfirmation(): Promise<MailMessage> {
  let caught: MailMessage | undefined;
  const mailer = { enqueue: async (_db: Db, message: MailMessage) => ((caught = message), 1), storefrontUrl: (path: string) => new URL(path, shop).toString() } as unknown as Mailer;
  const store = { id: 1, code: 'default', name: storeName, locale: 'en_US', contactEmail: 'hello@northfield.example' } as StoreView;
  const address = { firstName: 'Riley', lastName: 'Stone', company: null, street: ['12 Quay St'], city: 'Portland', postcode: '97201', region: 'Oregon', countryId: 'US', telephone: '555' };
  await enqueueOrderConfirmation({} as Db, mailer, store, {
    number: '100000042',
    email: 'riley@example.com',
    customerId: null,
    currency: 'USD',
    lines: [{ name: 'Canvas Tote', sku: 'TOTE-1', options: { Color: 'Navy' }, qty: 2, rowTotal: 58 }],
    subtotal: 58,
    shippingAmount: 5,
    grandTotal: 63,
    shippingTitle: 'Flat rate',
    shippingAddress: address as never,
  });
  return caught!;
}

const approval = approvalConfigSchema.parse({}).templates;
const approvalVars = { name: 'Riley', email: 'riley@example.com', storeName, link };
const registrationVars = { name: 'Riley', storeName, link, note };

/** Every kind of email, as its sender renders it. */
async function everyEmail(): Promise<Record<string, RenderedMail | MailMessage>> {
  return {
    order_confirmation: await orderConfirmation(),
    order_shipped: filled(shipmentEmailTemplate, { name: 'Riley', orderNumber: '100000042', storeName, tracking: 'Tracking: 1Z999AA10123456784', shopUrl: shopText(shop) }),
    order_refunded: filled(refundEmailTemplate, {
      name: 'Riley',
      orderNumber: '100000042',
      storeName,
      amount: '$20.00',
      balance: "So far $20.00 of your order's $184.00 has been refunded.",
      orderUrl: shopText(`${shop}orders/lookup`),
      shopUrl: shopText(shop),
    }),
    order_link: filled(orderLinkTemplate, { name: 'Riley', email: 'riley@example.com', storeName, link }),
    password_reset: filled(passwordResetTemplate, { name: 'Riley', storeName, link }),
    account_opened: filled(accountOpenedTemplate, { name: 'Riley', storeName, link }),
    email_changed: filled(emailChangedTemplate, { name: 'Riley', storeName, oldEmail: 'riley@example.com', newEmail: 'riley@work.example' }),
    admin_password_reset: filled(adminPasswordResetTemplate, { email: 'admin@example.com', link }),
    customer_approval_pending: filled(approval.pending, approvalVars),
    customer_approval_approved: filled(approval.approved, approvalVars),
    customer_approval_rejected: filled(approval.rejected, approvalVars),
    customer_approval_admin_notice: filled(approval.adminNotice, { ...approvalVars, name: 'Riley Stone', link: shopText('/admin/customer-approval/customers/7') }),
    b2b_registration_approved: filled(registrationTemplates.approvedNewAccount, registrationVars),
    b2b_registration_approved_existing: filled(registrationTemplates.approvedExistingAccount, registrationVars),
    b2b_registration_declined: filled(registrationTemplates.declined, { ...registrationVars, note: '' }),
    custom_form_submission: notificationEmail(
      {
        code: 'contact',
        title: 'Contact us',
        isActive: true,
        fields: [
          { key: 'name', label: 'Your name', type: 'text', required: true },
          { key: 'message', label: 'Message', type: 'textarea', required: true },
        ] as never,
        successMessage: 'Thanks.',
        notifyEmails: ['shop@example.com'],
        createdAt: new Date(),
        updatedAt: new Date(),
      },
      { name: 'Riley', message: 'Do you ship to Canada?' },
      12,
      'shop@example.com',
      1,
    ),
  };
}

/** The words of an HTML part: tags out, entities decoded, paragraphs and line breaks as spaces. */
function wordsOfHtml(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return body
    .replace(/<\/p>|<br>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What reads wrong in one part (subject or text). */
function proofread(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/[.,;:!?]{2,}/g)) problems.push(`doubled punctuation "${match[0]}"`);
  for (const match of text.matchAll(/ [.,;:!?]/g)) problems.push(`a space before "${match[0].trim()}" (an empty value?)`);
  if (text.includes('{{') || text.includes('}}')) problems.push('an unfilled placeholder');
  if (/Hello\s+,/.test(text)) problems.push('a greeting without a name');
  for (const paragraph of text.split(/\n\s*\n/)) {
    const first = paragraph.trim();
    if (/^[a-z]/.test(first) && !/^https?:\/\//.test(first)) problems.push(`a paragraph in lower case: "${first.slice(0, 40)}"`);
  }
  return problems;
}

describe('every email template', async () => {
  const emails = await everyEmail();

  it.each(Object.entries(emails))('%s reads right: punctuation, greeting, placeholders, and the HTML says what the text says', (_kind, mail) => {
    expect(proofread(mail.subject)).toEqual([]);
    expect(proofread(mail.text)).toEqual([]);
    expect(mail.subject).not.toMatch(/\n/);
    // The merchant's form notification is plain text only (its answers are visitors' input).
    if (mail.html) expect(wordsOfHtml(mail.html)).toBe(mail.text.replace(/\s+/g, ' ').trim());
  });

  it('ends a sentence naming the store once: "Northfield Supply Co." never gets a second stop', () => {
    const all = Object.values(emails).map((mail) => `${mail.subject}\n${mail.text}`);
    expect(all.filter((text) => text.includes('Co..'))).toEqual([]);
    expect(all.some((text) => text.includes(storeName))).toBe(true);
  });

  it('covers every kind of email the sources send, and names each for the admin', () => {
    const sources = join(import.meta.dirname, '../src');
    const sent = new Set<string>();
    for (const file of readdirSync(sources, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const code = readFileSync(join(sources, file), 'utf8');
      if (!/mailer\.(enqueue|send)\(|mailApplicant\(/.test(code)) continue;
      for (const match of code.matchAll(/kind: '([a-z0-9]+(?:_[a-z0-9]+)+)'/g)) sent.add(match[1]!);
      // Customer Approval names its kinds after its templates.
      if (code.includes('kind: `customer_approval_${name}`')) for (const name of ['pending', 'approved', 'rejected']) sent.add(`customer_approval_${name}`);
    }
    expect(sent.size).toBeGreaterThan(10);
    expect([...sent].filter((kind) => !(kind in emails))).toEqual([]);
    expect([...sent].filter((kind) => !(kind in mailKindWords))).toEqual([]);
  });
});
