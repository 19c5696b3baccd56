/**
 * The attributes a configurable product may vary by, and the stable number of each of their values.
 * The catalog has no attribute table: a value's `valueIndex` is shared by every product that offers
 * it (every "Navy" is 102), so carts, filters and the storefront can name it by number. A value
 * already offered by any configurable keeps its number (its label matched case-insensitively, the
 * stored spelling kept); a new value takes the next number after all of them.
 */
import { and, eq, max, sql } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Db } from '../../../../platform/db/database.ts';
import { configurableOptions, configurableOptionValues } from '../../../../platform/db/schema/index.ts';

/** Attribute code → the label shoppers see on the option. */
export const configurableAttributeLabels = { color: 'Color', size: 'Size' } as const;
export type ConfigurableAttribute = keyof typeof configurableAttributeLabels;

export const ConfigurableAttributeCode = z.enum(Object.keys(configurableAttributeLabels) as [ConfigurableAttribute, ...ConfigurableAttribute[]]);

/** A value as typed: the label shown to shoppers ("Navy", "M", "US 9"). */
export const AttributeValueLabel = z.string().trim().min(1, 'A value such as "Navy" or "M".').max(64);

/** The value's number and its stored spelling, or a new number after every value offered so far. */
export async function valueIndexFor(db: Db, attributeCode: string, label: string): Promise<{ valueIndex: number; label: string }> {
  const [known] = await db
    .select({ valueIndex: configurableOptionValues.valueIndex, label: configurableOptionValues.label })
    .from(configurableOptionValues)
    .innerJoin(configurableOptions, eq(configurableOptions.id, configurableOptionValues.optionId))
    .where(and(eq(configurableOptions.attributeCode, attributeCode), sql`lower(${configurableOptionValues.label}) = lower(${label})`))
    .limit(1);
  if (known) return known;
  const [last] = await db.select({ top: max(configurableOptionValues.valueIndex) }).from(configurableOptionValues);
  return { valueIndex: (last?.top ?? 0) + 1, label };
}
