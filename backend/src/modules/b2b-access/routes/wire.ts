import { z } from '@hono/zod-openapi';

/**
 * Wire shapes of the admin API, for the OpenAPI document. Requests are validated by the rules service
 * (400 invalid_field with the dotted path inside the rule), so request bodies are documented here and
 * checked there.
 */

export const RuleId = z.coerce
  .number()
  .int()
  .min(1)
  .max(2_147_483_647)
  .openapi({ param: { name: 'id', in: 'path' }, example: 1 });

const ConditionTreeDoc = z.record(z.string(), z.unknown()).openapi('B2bAccessConditionTree', {
  description:
    'DECISIONS.md 17: {"type":"combine","aggregator":"all"|"any","value":true|false,"conditions":[...]} with leaves {"type":"attribute","attribute":"sku"|"category_ids"|"price"|<code>,"operator":"=="|"!="|">="|">"|"<="|"<"|"{}"|"!{}"|"()"|"!()","value":...}.',
});

const ruleShape = {
  name: z.string().openapi({ example: 'Trade Supplies: trade prices' }),
  isActive: z.boolean(),
  priority: z.number().int().openapi({ description: 'Lowest first; ties by id.' }),
  scope: z.object({
    customerGroupIds: z.array(z.number().int()).openapi({ description: 'Empty: every group; 0 is NOT LOGGED IN.' }),
    storeCodes: z.array(z.string()).openapi({ description: 'Empty: every store view.' }),
    countries: z.array(z.string()).openapi({ description: 'ISO 3166 alpha-2; empty: any country. An unknown country does not match a rule that lists countries.' }),
  }),
  conditions: ConditionTreeDoc.nullable(),
  legacy: z.object({ categoryIds: z.array(z.number().int()), productIds: z.array(z.number().int()) }).openapi({ description: 'Used when conditions is null.' }),
  actions: z.object({ hideFromListings: z.boolean(), hidePrice: z.boolean(), blockPurchase: z.boolean(), redirectToCmsPage: z.string().nullable() }),
  enforcement: z.enum(['visibility', 'checkout', 'both']),
  hiddenPriceMessage: z.string().nullable(),
};

/**
 * Request bodies are JSON objects whose fields the service checks (a stricter schema here would answer
 * `invalid_request` before the service could name the path inside the rule).
 */
export const RuleBody = z.record(z.string(), z.unknown()).openapi('B2bAccessRuleInput', {
  description: 'A whole rule (DECISIONS.md 29, the fields of B2bAccessRule) without id and malformed; omitted parts take their defaults.',
});

export const RuleView = z
  .object({ id: z.number().int(), ...ruleShape, malformed: z.string().nullable().openapi({ description: 'Why the stored condition tree can never match; null when it can.' }) })
  .openapi('B2bAccessRule');

export const RuleList = z.object({ member: z.array(RuleView), totalItems: z.number().int(), page: z.number().int(), itemsPerPage: z.number().int() }).openapi('B2bAccessRuleList');

export const ReorderBody = z.record(z.string(), z.unknown()).openapi('B2bAccessReorder', { description: '{"ids": [rule id, …]} in the new order; they get priorities 10, 20, 30…' });

export const PreviewBody = z.record(z.string(), z.unknown()).openapi('B2bAccessPreviewRequest', {
  description: '{"conditions": <tree> | null, "legacy": {"categoryIds", "productIds"}}: the product matching of a rule being edited.',
});

export const PreviewAnswer = z
  .object({ count: z.number().int(), sample: z.array(z.object({ sku: z.string(), name: z.string() })) })
  .openapi('B2bAccessPreview', { description: 'How many products of the default store the matching selects, with a few of them.' });

export const AttributeCatalog = z
  .object({
    member: z.array(
      z.object({
        code: z.string(),
        label: z.string(),
        type: z.enum(['text', 'number', 'price', 'select', 'boolean', 'category', 'sku']),
        options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
      }),
    ),
    operatorsByType: z.record(z.string(), z.array(z.string())).openapi({ description: 'The operators the editor offers per attribute type.' }),
  })
  .openapi('B2bAccessAttributes');

const Explanation = z.object({
  decidedBy: z.union([z.object({ ruleId: z.number().int(), name: z.string() }), z.object({ basic: z.string() })]).nullable(),
  notFired: z.array(z.object({ ruleId: z.number().int(), name: z.string(), reason: z.string() })),
});

export const ExplainQuery = z.object({
  sku: z.string().min(1).max(200),
  customerGroupId: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  store: z.string().regex(/^[a-z0-9_]{1,32}$/).optional().openapi({ description: 'Store code; the default store when absent.' }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional()
    .openapi({ description: 'Destination country; absent: unknown (rules restricted by country do not match).' }),
});

export const ExplainAnswer = z
  .object({
    mode: z.enum(['basic', 'rules']),
    enabled: z.boolean(),
    contexts: z.object({ visibility: Explanation, checkout: Explanation }),
    flags: z.object({
      gateFlags: z.object({ requiresLogin: z.boolean(), hidePrice: z.boolean(), canCheckout: z.boolean(), hiddenFromListings: z.boolean() }),
      hiddenPriceMessage: z.string(),
      redirectTo: z.string().nullable(),
    }),
  })
  .openapi('B2bAccessExplanation');
