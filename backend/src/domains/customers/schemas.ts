import { z } from '@hono/zod-openapi';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, PasswordField } from '../../platform/http/credential-fields.ts';
import { Timestamp } from '../../platform/http/schemas.ts';

/**
 * Password policy: 8 to 128 characters with at least one letter and one digit or symbol. Length
 * matters most (NIST SP 800-63B); the mix rule only stops the very weakest choices.
 */
export const Password = z
  .string()
  .min(8, 'At least 8 characters.')
  .max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters.`)
  .refine((value) => /\p{L}/u.test(value) && /[^\p{L}]/u.test(value), 'Use letters and at least one digit or symbol.');

// Messages are written for shoppers: the storefront's account forms show them by the field.
const Name = z.string().trim().min(1, 'Required.').max(100, 'At most 100 characters.');
const Email = z.email('Enter an email address like name@example.com.').max(MAX_EMAIL_LENGTH, `At most ${MAX_EMAIL_LENGTH} characters.`);

export const CreateCustomerSchema = z
  .object({ email: Email, password: Password, firstName: Name, lastName: Name })
  .openapi('CreateCustomer');

export const UpdateCustomerSchema = z
  .object({
    email: Email.optional(),
    firstName: Name.optional(),
    lastName: Name.optional(),
    currentPassword: z.string().min(1).max(128).optional().openapi({ description: 'Required with a new `email`.' }),
  })
  .openapi('UpdateCustomer');

export const ChangePasswordSchema = z.object({ currentPassword: PasswordField, newPassword: Password }).openapi('ChangePassword');

export const CustomerSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    groupId: z.number().int(),
    groupCode: z.string(),
    approvalStatus: z.enum(['pending', 'active', 'rejected']).openapi({
      description: 'Only active accounts get tokens; a new account may start pending when a module requires approval (DECISIONS.md 19, 45)',
    }),
    defaultShippingCountry: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "The country of the default shipping address (null: none; in the account's own answers); B2B Access rules scoped to countries decide with it (DECISIONS.md 48)", example: "US" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Customer');

export const AddressInputSchema = z
  .object({
    firstName: Name,
    lastName: Name,
    company: z.string().max(200).nullish(),
    street: z.array(z.string().trim().min(1).max(200)).min(1).max(3),
    city: z.string().trim().min(1).max(100),
    region: z.string().max(100).nullish(),
    postcode: z.string().trim().min(1).max(20),
    countryId: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code, e.g. US'),
    telephone: z.string().max(40).nullish(),
    isDefaultShipping: z.boolean().optional(),
    isDefaultBilling: z.boolean().optional(),
  })
  .openapi('AddressInput');

export const AddressSchema = AddressInputSchema.extend({
  id: z.number().int(),
  company: z.string().nullable(),
  region: z.string().nullable(),
  telephone: z.string().nullable(),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
}).openapi('Address');

export const AddressIdParam = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

export const ForgotPasswordSchema = z.object({ email: Email }).openapi('ForgotPassword');

export const ForgotPasswordAnswerSchema = z
  .object({ status: z.literal('accepted'), message: z.string() })
  .openapi('ForgotPasswordAnswer');

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1, 'Required.').max(200).openapi({ description: 'The token of the emailed link (`/account/set-password?token=…`).' }),
    newPassword: Password,
  })
  .openapi('ResetPassword');

export const ResetPasswordAnswerSchema = z
  .object({ status: z.literal('ok'), email: z.string().openapi({ description: "The account's email, so the storefront can sign in with the new password." }) })
  .openapi('PasswordReset');
