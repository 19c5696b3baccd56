import { z } from 'zod';
import { cmsIdentifier } from '../config.ts';
import { treeProblem, type ConditionTree } from '../engine/conditions.ts';

export type { ConditionTree, ConditionNode, ConditionLeaf, Operator, ProductFacts } from '../engine/conditions.ts';

/**
 * A condition tree (DECISIONS.md 17). Checked by `treeProblem` rather than a recursive zod shape, so
 * that every error names its exact path inside the tree (e.g. `conditions.1.operator`) and the
 * admin's "malformed" report and the API's 400 say the same thing.
 */
export const conditionTreeSchema = z
  .unknown()
  .superRefine((tree, ctx) => {
    const problem = treeProblem(tree);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path === '' ? [] : problem.path.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)) });
  })
  .transform((tree) => tree as ConditionTree);

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'An ISO 3166 alpha-2 country code.')
  .transform((code) => code.toUpperCase());
const positiveId = z.number().int().min(1).max(2_147_483_647);

/** A rule as the admin sends it (DECISIONS.md 29 without `id`); omitted parts take these defaults. */
export const ruleInputSchema = z
  .object({
    name: z.string().trim().min(1, 'name must not be blank.').max(200),
    isActive: z.boolean().default(true),
    priority: z.number().int().min(0).max(1_000_000).default(0),
    scope: z
      .object({
        customerGroupIds: z.array(z.number().int().min(0).max(2_147_483_647)).max(200).default([]),
        storeCodes: z.array(z.string().regex(/^[a-z0-9_]{1,32}$/, 'A store code.')).max(100).default([]),
        countries: z.array(countryCode).max(300).default([]),
      })
      .strict()
      .prefault({}),
    conditions: conditionTreeSchema.nullable().default(null),
    legacy: z
      .object({
        categoryIds: z.array(positiveId).max(1000).default([]),
        productIds: z.array(positiveId).max(10_000).default([]),
      })
      .strict()
      .prefault({}),
    actions: z
      .object({
        hideFromListings: z.boolean().default(false),
        hidePrice: z.boolean().default(false),
        blockPurchase: z.boolean().default(false),
        redirectToCmsPage: cmsIdentifier.nullable().default(null),
      })
      .strict()
      .prefault({}),
    enforcement: z.enum(['visibility', 'checkout', 'both']).default('both'),
    hiddenPriceMessage: z.string().trim().min(1).max(500).nullable().default(null),
  })
  .strict();

export type RuleInput = z.infer<typeof ruleInputSchema>;
export type Rule = RuleInput & { id: number };
export type Enforcement = Rule['enforcement'];
