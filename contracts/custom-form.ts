/**
 * The public face of a Custom Forms form (DECISIONS.md 18, 35, 36): what
 * `GET /api/rest/v2/custom-forms/{code}` answers and what the storefront embeds in a CMS page at sync.
 * Only what a visitor's browser may see: no notify addresses, no captcha secret.
 */
import { z } from 'zod';

export const formFieldTypes = ['text', 'email', 'tel', 'select', 'textarea', 'checkbox', 'radio', 'number', 'date', 'url', 'hidden'] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

export const formFieldSchema = z
  .object({
    key: z.string().min(1).meta({ description: 'The payload attribute this field fills.' }),
    label: z.string(),
    type: z.enum(formFieldTypes),
    required: z.boolean(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    placeholder: z.string().optional(),
    help: z.string().optional(),
    maxLength: z.number().int().positive().optional(),
  })
  .meta({ id: 'CustomFormField' });
export type FormField = z.infer<typeof formFieldSchema>;

export const captchaProviders = ['turnstile', 'hcaptcha', 'recaptcha'] as const;

export const publicFormSchema = z
  .object({
    code: z.string().min(1),
    title: z.string(),
    fields: z.array(formFieldSchema),
    successMessage: z.string(),
    renderToken: z.string().min(1).meta({ description: 'Signed form code and issue time; the minimum fill time counts from it.' }),
    honeypotField: z.string().min(1).meta({ description: 'Name of the hidden input bots fill (`hp` in the headless API).' }),
    captcha: z.object({ provider: z.enum(captchaProviders), siteKey: z.string() }).nullable(),
  })
  .meta({ id: 'CustomForm' });
export type PublicForm = z.infer<typeof publicFormSchema>;
