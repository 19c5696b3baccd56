import { z } from '@hono/zod-openapi';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, PasswordField } from '../../platform/http/credential-fields.ts';
import { addressInputSchema, savedAddressShape } from '../../../../contracts/address.ts';
import { customerSchema } from '../../../../contracts/customer.ts';
import { openapiNamed } from '../../platform/http/openapi-name.ts';
import { approvalStatuses } from './approval.ts';

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

// The account and its addresses are shared contracts (contracts/customer.ts, contracts/address.ts),
// named here (openapiNamed) so the records that extend them document as allOf, as they always have.
export const CustomerSchema = openapiNamed(customerSchema, 'Customer');

export const AddressInputSchema = openapiNamed(addressInputSchema, 'AddressInput');

export const AddressSchema = AddressInputSchema.extend(savedAddressShape).openapi('Address');

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

// The admin's account input (the REST API's bodies; the admin page reads its form with the PATCH one).
export const AdminCustomerCreateSchema = z
  .object({
    email: Email,
    firstName: Name,
    lastName: Name,
    groupId: z.number().int().min(1).max(2_147_483_647).optional().openapi({ description: 'Default: General (1). Group 0 (NOT LOGGED IN) stands for guests and is refused.' }),
    approvalStatus: z.enum(approvalStatuses).optional().openapi({ description: 'Default: what registration gives (pending while approval is required); a status named here is set like an approval, with its hooks and emails.' }),
    password: Password.optional().openapi({ description: 'Omit it to email the customer a link to choose one (valid 7 days).' }),
  })
  .strict()
  .openapi('AdminCustomerCreate');

export const AdminCustomerPatchSchema = z
  .object({
    email: Email.optional().openapi({ description: "A new address: the old one is told and the account's tokens end." }),
    firstName: Name.optional(),
    lastName: Name.optional(),
    groupId: z.number().int().min(1).max(2_147_483_647).optional(),
    approvalStatus: z.enum(approvalStatuses).optional().openapi({ description: 'Runs customer.statusChanging like approve/decline/set-pending.' }),
  })
  .strict()
  .openapi('AdminCustomerPatch');
