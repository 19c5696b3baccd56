/**
 * The admin REST API answers who may call it before it reads what was sent (issue 31): a caller
 * without an admin token gets 401 or 403 at once, whatever the body, never a validation answer that
 * tells an outsider which fields the route takes, nor a wait behind the route's work.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorBody } from '../../../test/helpers/contract.ts';
import { adminBearer } from '../../../test/helpers/admin-session.ts';
import { shopper } from '../../../test/helpers/shop-data.ts';
import { openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

let shop: TestShop;
let customer: { authorization: string };
beforeAll(async () => {
  shop = await openTestShop('pglite');
  const login = await shop.send<{ access_token: string }>('POST', '/api/rest/v2/auth/login', { json: shopper });
  customer = { authorization: `Bearer ${login.body.access_token}` };
});
afterAll(async () => {
  expect(shop.loggedErrors).toEqual([]);
  await shop.close();
});

const hostileChange = { name: 'fuzz', price: 0, specialPrice: 0, specialPriceFrom: '1e309', specialPriceTo: '2026-01-01', stockQty: 0, isEnabled: true };

it('answers 401 to no token and 403 to a customer before looking at an invalid body', async () => {
  const guest = await shop.send('PATCH', '/api/rest/v2/admin/products/1/variants/1', { json: hostileChange });
  expect(guest.status).toBe(401);
  expect(ErrorBody.parse(guest.body).error).toBe('admin_token_required');
  const asCustomer = await shop.send('PATCH', '/api/rest/v2/admin/products/1/variants/1', { json: hostileChange, headers: customer });
  expect(asCustomer.status).toBe(403);
  expect(ErrorBody.parse(asCustomer.body).error).toBe('admin_scope_required');
  const badQuery = await shop.send('GET', '/api/rest/v2/admin/products?page=-1', { headers: customer });
  expect(badQuery.status).toBe(403);
});

it('still tells the admin which date is wrong', async () => {
  const answer = await shop.send('PATCH', '/api/rest/v2/admin/products/1/variants/1', { json: hostileChange, headers: await adminBearer(shop) });
  expect(answer.status).toBe(400);
  expect(ErrorBody.parse(answer.body).details).toEqual([expect.objectContaining({ location: 'json', field: 'specialPriceFrom' })]);
});
