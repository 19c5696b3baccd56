import { createRoute, z } from '@hono/zod-openapi';
import { requireCustomer } from '../../platform/auth/resolve-caller.ts';
import { clientIp } from '../../platform/http/client-ip.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { ErrorSchema, errorResponses, jsonBody, jsonContent } from '../../platform/http/schemas.ts';
import { StoreHeaders } from '../stores/schemas.ts';
import { findStoreView, requestedStoreCode, storeHeader } from '../stores/store-view.ts';
import { deleteAddress, listAddresses, saveAddress } from './addresses.ts';
import { changePassword } from './password.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { countRegistration } from './registration-limits.ts';
import {
  AddressIdParam,
  AddressInputSchema,
  AddressSchema,
  ChangePasswordSchema,
  CreateCustomerSchema,
  CustomerSchema,
  ForgotPasswordAnswerSchema,
  ForgotPasswordSchema,
  ResetPasswordAnswerSchema,
  ResetPasswordSchema,
  UpdateCustomerSchema,
} from './schemas.ts';
import { createCustomer, loadCustomer, updateCustomer } from './service.ts';
import { customerViewKey } from './view-key.ts';

const signedIn = { ...errorResponses, 401: jsonContent(ErrorSchema, 'No valid customer token') };
const security = [{ bearerAuth: [] }];
/** The answer of a current-password check past the sign-in throttle's limit (platform/auth/current-password.ts). */
const tooManyGuesses = jsonContent(ErrorSchema, 'Too many wrong passwords for this account from this address: `too_many_attempts`; see Retry-After');
const noStore = { 'Cache-Control': 'no-store' };

const createCustomerRoute = createRoute({
  method: 'post',
  path: '/customers',
  tags: ['Customers'],
  summary: 'Create an account (joins the General group)',
  description:
    'Answers 201 with the account, including `approvalStatus`: `pending` when the shop approves new accounts (the account gets no token until approved), else `active`. The store view (X-Store-Code) is passed to modules deciding that. At most 5 sign-ups an hour per client IP and 3 per email address: beyond them 429 `too_many_registrations` with Retry-After.',
  request: { body: jsonBody(CreateCustomerSchema) },
  responses: {
    201: jsonContent(CustomerSchema, 'Created'),
    ...errorResponses,
    409: jsonContent(ErrorSchema, 'Email already registered'),
    429: jsonContent(ErrorSchema, 'Too many sign-ups from this address or for this email; see Retry-After'),
  },
});
const meRoute = createRoute({ method: 'get', path: '/customers/me', tags: ['Customers'], summary: 'The signed-in customer', security, responses: { 200: jsonContent(CustomerSchema, 'The customer'), ...signedIn } });
const updateMeRoute = createRoute({
  method: 'put',
  path: '/customers/me',
  tags: ['Customers'],
  summary: 'Update name or email',
  description:
    'A new `email` needs `currentPassword` (400 `current_password_required` without it, 403 `wrong_password` when it is wrong); the old address is emailed a notice of the change. Guesses at the current password count as sign-ins of the account: past the sign-in limit, 429 `too_many_attempts` with Retry-After.',
  security,
  request: { body: jsonBody(UpdateCustomerSchema) },
  responses: {
    200: jsonContent(CustomerSchema, 'Updated'),
    ...signedIn,
    403: jsonContent(ErrorSchema, 'Wrong current password for an email change'),
    409: jsonContent(ErrorSchema, 'Email already registered'),
    429: tooManyGuesses,
  },
});
const passwordRoute = createRoute({
  method: 'put',
  path: '/customers/me/password',
  tags: ['Customers'],
  summary: 'Change the password (ends every access and refresh token of the account: sign in again)',
  description:
    'A wrong `currentPassword` answers 400 `wrong_password`. Guesses at it count as sign-ins of the account: past the sign-in limit, 429 `too_many_attempts` with Retry-After.',
  security,
  request: { body: jsonBody(ChangePasswordSchema) },
  responses: { 200: jsonContent(z.object({ status: z.literal('ok') }).openapi('PasswordChanged'), 'Changed'), ...signedIn, 429: tooManyGuesses },
});
const forgotPasswordRoute = createRoute({
  method: 'post',
  path: '/customers/password/forgot',
  tags: ['Customers'],
  summary: 'Email a link to set a new password (always 202)',
  description:
    'Answers 202 whether or not the email belongs to an account, so accounts cannot be discovered. When it does, an email with a single-use link to `/account/set-password?token=…` on the store\'s storefront is queued; the link expires after 1 hour. Emails go out for at most 5 requests an hour per email from one client IP, 20 per client IP and 50 per email from all addresses: beyond them the answer is the same and nothing is sent.',
  request: { headers: StoreHeaders, body: jsonBody(ForgotPasswordSchema) },
  responses: { 202: jsonContent(ForgotPasswordAnswerSchema, 'Accepted'), ...errorResponses },
});
const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/customers/password/reset',
  tags: ['Customers'],
  summary: 'Set a new password with the token of an emailed link (signs out every device)',
  description: 'The token works once. 400 `invalid_token` when it was used, expired or is unknown (`details.reason`: `used`, `expired`, `unknown`). Same password rules as registration.',
  request: { body: jsonBody(ResetPasswordSchema) },
  responses: { 200: jsonContent(ResetPasswordAnswerSchema, 'The password is set'), 400: errorResponses[400] },
});
const listAddressesRoute = createRoute({
  method: 'get',
  path: '/customers/me/addresses',
  tags: ['Customers'],
  summary: 'Address book',
  security,
  responses: { 200: jsonContent(z.object({ member: z.array(AddressSchema), totalItems: z.number().int() }).openapi('AddressList'), 'Addresses'), ...signedIn },
});
const createAddressRoute = createRoute({
  method: 'post',
  path: '/customers/me/addresses',
  tags: ['Customers'],
  summary: 'Add an address',
  security,
  request: { body: jsonBody(AddressInputSchema) },
  responses: { 201: jsonContent(AddressSchema, 'Created'), ...signedIn },
});
const updateAddressRoute = createRoute({
  method: 'put',
  path: '/customers/me/addresses/{id}',
  tags: ['Customers'],
  summary: 'Replace an address',
  security,
  request: { params: AddressIdParam, body: jsonBody(AddressInputSchema) },
  responses: { 200: jsonContent(AddressSchema, 'Updated'), ...signedIn },
});
const deleteAddressRoute = createRoute({
  method: 'delete',
  path: '/customers/me/addresses/{id}',
  tags: ['Customers'],
  summary: 'Delete an address',
  security,
  request: { params: AddressIdParam },
  responses: { 200: jsonContent(z.object({ status: z.literal('deleted') }).openapi('AddressDeleted'), 'Deleted'), ...signedIn },
});

export const customerRoutes = createRouter<AppEnv>()
  .openapi(createCustomerRoute, async (c) => {
    const input = c.req.valid('json');
    await countRegistration(c.var.db, c.var.registrationLimits, { ip: clientIp(c), email: input.email });
    const store = await findStoreView(c.var.db, requestedStoreCode(c.req.header(storeHeader), c.req.query('store')));
    const id = await createCustomer(c.var.db, c.var.hooks, { ...input, storeId: store.id });
    await c.var.notifications.publish(c.var.db, 'customer_registered', { customerId: id, email: input.email.toLowerCase() });
    return c.json(await loadCustomer(c.var.db, id), 201, noStore);
  })
  .openapi(meRoute, async (c) => {
    const customer = await loadCustomer(c.var.db, requireCustomer(c.var.caller).customerId);
    return c.json({ ...customer, viewKey: await customerViewKey(c.var.hooks, customer) }, 200, noStore);
  })
  .openapi(updateMeRoute, async (c) => {
    const { customerId } = requireCustomer(c.var.caller);
    const store = await findStoreView(c.var.db, requestedStoreCode(c.req.header(storeHeader), undefined));
    await updateCustomer(c.var.db, customerId, c.req.valid('json'), { mailer: c.var.mailer, store }, { throttle: c.var.loginThrottle, ip: clientIp(c) });
    return c.json(await loadCustomer(c.var.db, customerId), 200, noStore);
  })
  .openapi(passwordRoute, async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    await changePassword(c.var.db, requireCustomer(c.var.caller).customerId, currentPassword, newPassword, { throttle: c.var.loginThrottle, ip: clientIp(c) });
    return c.json({ status: 'ok' as const }, 200, noStore);
  })
  .openapi(forgotPasswordRoute, async (c) => {
    const store = await findStoreView(c.var.db, requestedStoreCode(c.req.header(storeHeader), undefined));
    await requestPasswordReset(c.var.db, c.var.mailer, store, { email: c.req.valid('json').email, ip: clientIp(c) });
    const message = 'If an account exists for this email, we have sent it a link to set a new password.';
    return c.json({ status: 'accepted' as const, message }, 202, noStore);
  })
  .openapi(resetPasswordRoute, async (c) => {
    const { token, newPassword } = c.req.valid('json');
    const { email } = await resetPassword(c.var.db, token, newPassword);
    return c.json({ status: 'ok' as const, email }, 200, noStore);
  })
  .openapi(listAddressesRoute, async (c) => {
    const member = await listAddresses(c.var.db, requireCustomer(c.var.caller).customerId);
    return c.json({ member, totalItems: member.length }, 200, noStore);
  })
  .openapi(createAddressRoute, async (c) => c.json(await saveAddress(c.var.db, requireCustomer(c.var.caller).customerId, c.req.valid('json')), 201, noStore))
  .openapi(updateAddressRoute, async (c) =>
    c.json(await saveAddress(c.var.db, requireCustomer(c.var.caller).customerId, c.req.valid('json'), c.req.valid('param').id), 200, noStore),
  )
  .openapi(deleteAddressRoute, async (c) => {
    await deleteAddress(c.var.db, requireCustomer(c.var.caller).customerId, c.req.valid('param').id);
    return c.json({ status: 'deleted' as const }, 200, noStore);
  });
