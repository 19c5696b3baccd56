/**
 * A form as the admin API takes and answers it (DECISIONS.md 35). The field shape is the shared
 * contract's (contracts/custom-form.ts); this adds what only the merchant sees and the rules a form
 * must keep: unique keys, options exactly for select and radio.
 */
import { z } from '@hono/zod-openapi';
import { formFieldSchema, formFieldTypes } from '../../../../../contracts/custom-form.ts';

export const formCode = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'A form code: lower-case letters, digits, "-" and "_", up to 64 characters.');

const fieldKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'A field key: a letter, then letters, digits and "_" (it names the payload attribute).');

const FieldBody = z.object({
  key: fieldKey,
  label: z.string().trim().min(1, 'Give the field a label.').max(200, 'At most 200 characters.'),
  type: z.enum(formFieldTypes, `One of the types: ${formFieldTypes.join(', ')}.`),
  required: z.boolean().default(false),
  options: z
    .array(z.object({ value: z.string().trim().min(1, 'Give each option a value.').max(200, 'At most 200 characters.'), label: z.string().trim().min(1, 'Give each option a label.').max(200, 'At most 200 characters.') }))
    .max(200, 'At most 200 options.')
    .optional(),
  placeholder: z.string().max(200, 'At most 200 characters.').optional(),
  help: z.string().max(500, 'At most 500 characters.').optional(),
  maxLength: z.number('Not a number.').int('A whole number.').min(1, 'At least 1.').max(20_000, 'At most 20,000.').optional(),
});

const withChoices = new Set(['select', 'radio']);

export const FormBody = z
  .object({
    code: formCode,
    title: z.string().trim().min(1, 'Give the form a title.').max(200, 'At most 200 characters.'),
    isActive: z.boolean().default(true),
    fields: z.array(FieldBody).min(1, 'Add at least one field.').max(50, 'At most 50 fields.'),
    successMessage: z.string().trim().min(1, 'Give the message a visitor sees after sending.').max(1000, 'At most 1000 characters.').default('Thank you. We will be in touch soon.'),
    notifyEmails: z.array(z.email('Not an email address.')).max(20, 'At most 20 addresses.').default([]),
  })
  .superRefine((form, ctx) => {
    const keys = new Set<string>();
    form.fields.forEach((field, index) => {
      if (keys.has(field.key)) ctx.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: `Another field already uses the key "${field.key}".` });
      keys.add(field.key);
      const hasOptions = (field.options?.length ?? 0) > 0;
      if (withChoices.has(field.type) && !hasOptions) ctx.addIssue({ code: 'custom', path: ['fields', index, 'options'], message: `A ${field.type} field needs options.` });
      if (!withChoices.has(field.type) && field.options !== undefined) ctx.addIssue({ code: 'custom', path: ['fields', index, 'options'], message: `Only select and radio fields have options.` });
    });
  })
  .openapi('CustomFormBody');
export type FormInput = z.infer<typeof FormBody>;

export const FormView = z
  .object({
    code: z.string(),
    title: z.string(),
    isActive: z.boolean(),
    fields: z.array(formFieldSchema),
    successMessage: z.string(),
    notifyEmails: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('CustomFormAdmin');
export type FormView = z.infer<typeof FormView>;
