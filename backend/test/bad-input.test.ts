import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from './helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from './helpers/test-shop.ts';

describe.each(dialects)('bad input answers JSON, never 500 (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it.each([
    ['/api/rest/v2/products?page=0', 'page'],
    ['/api/rest/v2/products?page=-1', 'page'],
    ['/api/rest/v2/products?page=abc', 'page'],
    ['/api/rest/v2/products?page=', 'page'],
    ['/api/rest/v2/products?itemsPerPage=1000', 'itemsPerPage'],
    ['/api/rest/v2/products?itemsPerPage=0', 'itemsPerPage'],
    ['/api/rest/v2/products?categoryId=abc', 'categoryId'],
    ['/api/rest/v2/products?categoryId=99999999999', 'categoryId'],
    ['/api/rest/v2/products?updatedSince=yesterday', 'updatedSince'],
    ['/api/rest/v2/products?updatedSince=2026-02-30%2000:00:00', 'updatedSince'],
    ['/api/rest/v2/cms-pages?itemsPerPage=1000', 'itemsPerPage'],
    ['/api/rest/v2/blog-posts?page=0', 'page'],
  ])('%s → 400 naming %s', async (path, field) => {
    const { status, body } = await shop.get(path);
    expect(status).toBe(400);
    const error = ErrorBody.parse(body);
    expect(error.error).toBe('invalid_request');
    expect(error.message).toContain(field);
    expect(error.details).toEqual([expect.objectContaining({ location: 'query', field })]);
  });

  it('names every invalid field at once', async () => {
    const { body } = await shop.get('/api/rest/v2/products?page=0&itemsPerPage=1000');
    const fields = (ErrorBody.parse(body).details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['itemsPerPage', 'page']);
  });

  it('answers unknown routes with JSON 404', async () => {
    for (const path of ['/api/rest/v2/nope', '/nope', '/api/rest/v2/products/1/extra']) {
      const { status, body } = await shop.get(path);
      expect(status, path).toBe(404);
      expect(ErrorBody.parse(body).error).toBe('not_found');
    }
  });

  it('ignores store and paging parameters it does not need, and unknown ones', async () => {
    const { status } = await shop.get('/api/rest/v2/products?foo=bar&store=default');
    expect(status).toBe(200);
  });
});
