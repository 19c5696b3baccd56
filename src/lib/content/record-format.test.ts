import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productListingSchema } from '../../../contracts/product.ts';
import { markedRecordSchemas, RECORD_FORMAT } from './record-format.ts';

describe('the mark of records checked by the sync', () => {
  it('names the current shape of the marked schemas (a schema change needs a new RECORD_FORMAT)', () => {
    const shapes = JSON.stringify(Object.entries(markedRecordSchemas).map(([kind, schema]) => [kind, z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })]));
    const digest = createHash('sha256').update(shapes).digest('hex').slice(0, 16);
    expect(RECORD_FORMAT, `the marked record schemas changed: set RECORD_FORMAT to 'v1-${digest}'`).toBe(`v1-${digest}`);
  });

  it('marks products parsed with the listing schema: the detail schema reads every listing field the same way and adds optional fields only', () => {
    const listing = productListingSchema.shape;
    const detail = markedRecordSchemas.product.shape;
    for (const [name, field] of Object.entries(listing)) expect(detail[name as keyof typeof detail], name).toBe(field);
    for (const [name, field] of Object.entries(detail)) {
      if (!(name in listing)) expect(field.safeParse(undefined).success, `${name} must be optional`).toBe(true);
    }
  });
});
