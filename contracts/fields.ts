/**
 * Field types the catalog records share. Plain zod (no OpenAPI import): `.meta()` carries the
 * documentation, which the backend's OpenAPI generator reads and the storefront ignores.
 */
import { z } from 'zod';

/** Timestamps on the wire: "YYYY-MM-DD HH:MM:SS", UTC (SPEC.md's sitemap rule converts them). */
export const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  .meta({ description: 'UTC, "YYYY-MM-DD HH:MM:SS"', example: '2026-01-15 09:30:00' });

/** Merchant-authored HTML (descriptions, page content); renderers sanitise it, the contract does not. */
export const html = z.string().meta({ description: 'HTML' });

/** An amount in the store view's currency. */
export const money = z.number();

/**
 * A price-bearing field: null when a module withholds prices from the caller
 * (DECISIONS.md 30, `extensions.b2bAccess.gateFlags.hidePrice`).
 */
export const gatedMoney = money.nullable();
