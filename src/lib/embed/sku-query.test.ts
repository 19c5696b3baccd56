import { describe, expect, it } from 'vitest';
import { MAX_SKUS, parseSkuQuery } from './sku-query.ts';

const parse = (query: string) => parseSkuQuery(new URLSearchParams(query));

describe('parseSkuQuery', () => {
  it('reads skus[], repeated skus and comma-separated values together, de-duplicated in order', () => {
    expect(parse('skus[]=A&skus=B,C&skus[]=A&skus= D ,')).toEqual({ ok: true, skus: ['A', 'B', 'C', 'D'] });
  });

  it('refuses a request with no SKU', () => {
    expect(parse('skus=,,')).toMatchObject({ ok: false, error: 'missing_skus' });
    expect(parse('')).toMatchObject({ ok: false, error: 'missing_skus' });
  });

  it('takes 20 distinct SKUs and refuses 21', () => {
    const skus = (count: number) => Array.from({ length: count }, (_, index) => `S${index}`).join(',');
    expect(parse(`skus=${skus(MAX_SKUS)}`)).toMatchObject({ ok: true });
    expect(parse(`skus=${skus(MAX_SKUS)},S0`)).toMatchObject({ ok: true });
    expect(parse(`skus=${skus(MAX_SKUS + 1)}`)).toEqual({
      ok: false, error: 'too_many_skus', message: expect.any(String), details: { max: 20, received: 21 },
    });
  });

  it('refuses SKUs with control characters or too long for a key', () => {
    expect(parse('skus=A%0AB')).toMatchObject({ ok: false, error: 'invalid_sku' });
    expect(parse(`skus=${'x'.repeat(65)}`)).toMatchObject({ ok: false, error: 'invalid_sku' });
    expect(parse(`skus=${'x'.repeat(64)}`)).toMatchObject({ ok: true });
  });
});
