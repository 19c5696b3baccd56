import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseBody } from './parse-body.ts';

const schema = z.strictObject({ urls: z.array(z.string()).min(1) });

describe('parseBody', () => {
  it('returns the parsed body', () => {
    expect(parseBody(schema, { urls: ['/a'] })).toEqual({ urls: ['/a'] });
  });

  it.each([
    [{}, 'urls'],
    [{ urls: ['/a', 3] }, 'urls.1'],
    [{ urls: ['/a'], value: 1 }, 'value'],
  ])('answers 400 naming the field of %j', async (body, field) => {
    const response = parseBody(schema, body) as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_field', details: { field } });
  });
});
