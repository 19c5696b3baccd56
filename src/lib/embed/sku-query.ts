/**
 * The SKUs an `/embed/products` request asks for (DECISIONS.md 14, 32): `skus[]`, `skus` repeated or
 * comma-separated, in any mix; blanks dropped, duplicates asked once, order kept. More than
 * MAX_SKUS distinct SKUs is the caller's error (the widget batches), as is a SKU no product could
 * carry (control characters, longer than its KV index key allows).
 */
import { hasControlCharacter } from '../http/safe-path.ts';

/** SPEC.md limits: SKUs per request. */
export const MAX_SKUS = 20;
/** Longer SKUs are refused: four bytes a character, with the store prefix, still fits a KV key. */
export const MAX_SKU_LENGTH = 64;

export type SkuQuery =
  | { ok: true; skus: string[] }
  | { ok: false; error: 'missing_skus' | 'too_many_skus' | 'invalid_sku'; message: string; details?: unknown };

export function parseSkuQuery(params: URLSearchParams): SkuQuery {
  const values = [...params.getAll('skus[]'), ...params.getAll('skus')].flatMap((value) => value.split(','));
  const skus = [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
  if (skus.length === 0) {
    return { ok: false, error: 'missing_skus', message: 'Name at least one SKU: ?skus[]=SKU (repeated or comma-separated).' };
  }
  if (skus.length > MAX_SKUS) {
    return {
      ok: false,
      error: 'too_many_skus',
      message: `At most ${MAX_SKUS} SKUs per request; ask for the rest in another request.`,
      details: { max: MAX_SKUS, received: skus.length },
    };
  }
  const invalid = skus.find((sku) => sku.length > MAX_SKU_LENGTH || hasControlCharacter(sku));
  if (invalid !== undefined) {
    return {
      ok: false,
      error: 'invalid_sku',
      message: `A SKU has at most ${MAX_SKU_LENGTH} characters and no control characters.`,
      details: { sku: invalid.slice(0, MAX_SKU_LENGTH) },
    };
  }
  return { ok: true, skus };
}
