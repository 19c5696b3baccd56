import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, readJsonBody } from './read-json-body.ts';

const post = (body: string) => new Request('https://shop.test/sync', { method: 'POST', body });

describe('readJsonBody', () => {
  it('reads an object, and an empty body as {}', async () => {
    expect(await readJsonBody(post('{"secret":"s"}'))).toEqual({ secret: 's' });
    expect(await readJsonBody(post(''))).toEqual({});
  });

  it.each([
    ['not json', 'invalid_json'],
    ['[1,2]', 'invalid_body'],
    ['"text"', 'invalid_body'],
  ])('answers 400 for %j', async (body, error) => {
    const result = await readJsonBody(post(body));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(400);
    expect(await (result as Response).json()).toMatchObject({ error });
  });

  it('answers 413 above 1 MiB', async () => {
    const result = (await readJsonBody(post(`{"x":"${'a'.repeat(MAX_BODY_BYTES)}"}`))) as Response;
    expect(result.status).toBe(413);
  });
});
