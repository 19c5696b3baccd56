/**
 * The demo shop's forms (README "Demo data"): `contact` in the customer-service page and
 * `trade-application` in a new `trade-account` page, the one B2B Registration turns into trade
 * accounts. The module is on with its headless API open, so the forms work on the storefront and
 * from any client a newcomer tries.
 */
import type { FormsConfig } from './config.ts';
import type { FormInput } from './forms/schema.ts';
import { createForm, findForm } from './forms/service.ts';
import type { FormsContext } from './submissions/pipeline.ts';

const directive = (code: string) => `<p>{{block type="customforms/form" form_code="${code}"}}</p>`;

export const contactForm: FormInput = {
  code: 'contact',
  title: 'Write to us',
  isActive: true,
  successMessage: 'Thank you for your message. We answer every message within one working day.',
  notifyEmails: ['hello@northfield.example'],
  fields: [
    { key: 'name', label: 'Your name', type: 'text', required: true, maxLength: 200 },
    { key: 'email', label: 'Email', type: 'email', required: true, maxLength: 254 },
    {
      key: 'topic',
      label: 'Topic',
      type: 'select',
      required: true,
      options: [
        { value: 'order', label: 'An order' },
        { value: 'returns', label: 'Returns and repairs' },
        { value: 'product', label: 'A product question' },
        { value: 'other', label: 'Something else' },
      ],
    },
    { key: 'message', label: 'Message', type: 'textarea', required: true, maxLength: 5000 },
  ],
};

export const tradeApplicationForm: FormInput = {
  code: 'trade-application',
  title: 'Apply for a trade account',
  isActive: true,
  successMessage: 'Thank you for applying. We review every application within two working days and email you when your trade account is ready.',
  notifyEmails: ['trade@northfield.example'],
  fields: [
    { key: 'company', label: 'Company name', type: 'text', required: true, maxLength: 200 },
    { key: 'taxNumber', label: 'VAT / ABN', type: 'text', required: true, maxLength: 40, help: 'Your business tax or VAT number.' },
    { key: 'contactName', label: 'Contact name', type: 'text', required: true, maxLength: 200 },
    { key: 'email', label: 'Email', type: 'email', required: true, maxLength: 254 },
    { key: 'phone', label: 'Phone', type: 'tel', required: true, maxLength: 30 },
    {
      key: 'country',
      label: 'Country',
      type: 'select',
      required: true,
      options: [
        { value: 'US', label: 'United States' },
        { value: 'AU', label: 'Australia' },
        { value: 'GB', label: 'United Kingdom' },
        { value: 'DE', label: 'Germany' },
      ],
    },
    { key: 'message', label: 'What do you buy for?', type: 'textarea', required: false, maxLength: 2000 },
    { key: 'consent', label: 'I agree that you store these details to review my application.', type: 'checkbox', required: true },
  ],
};

const tradeAccountPage = {
  identifier: 'trade-account',
  title: 'Trade account',
  contentHeading: 'Apply for a trade account',
  metaDescription: 'Trade prices and bulk packs for businesses: apply for a trade account.',
  content: `<p>Buying for a workshop, a school or a shop? Trade accounts see trade prices and can order our bulk packs. Tell us about your business and we will be in touch.</p>${directive('trade-application')}`,
};

export async function seedFormsDemo(ctx: FormsContext, configure: (patch: Partial<FormsConfig>) => Promise<void>): Promise<void> {
  await configure({ enabled: true, headlessApi: true });
  // `npm run seed -- --reset` empties the core tables, not the module's: forms already there stay.
  for (const form of [contactForm, tradeApplicationForm]) if (!(await findForm(ctx, form.code))) await createForm(ctx, form);

  const now = ctx.clock();
  const service = await ctx.cms.pageByIdentifier('customer-service');
  if (service && !service.content.includes('customforms/form')) await ctx.cms.setContent(service.id, `${service.content}${directive('contact')}`, now);
  if (!(await ctx.cms.pageByIdentifier('trade-account'))) await ctx.cms.create({ ...tradeAccountPage, createdAt: now, updatedAt: now });
}
