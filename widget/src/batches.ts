/** SPEC.md limits: `/embed/products` takes at most 20 SKUs; more go in further requests. */
export const SKUS_PER_REQUEST = 20;

/** The SKUs in request-sized groups, in order. */
export function batches<T>(items: readonly T[], size = SKUS_PER_REQUEST): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
