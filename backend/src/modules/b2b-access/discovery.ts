import type { AccessConfig } from './config.ts';
import { isStoreWideWall } from './engine/evaluate.ts';
import type { AccessContext } from './context.ts';
import { accessSnapshot } from './runtime/snapshot.ts';

/** Where the client script is served (declared by the module, proxied by the storefront: DECISIONS.md 26). */
export const scriptPath = '/plugins/b2b-access.js';

/** A `loginWall.redirectTo` setting as a storefront path: "login" → /login, "cms:<id>" → /<id>. */
export function wallTarget(redirectTo: string): string {
  return redirectTo.startsWith('cms:') ? `/${redirectTo.slice(4)}` : '/login';
}

/**
 * DECISIONS.md 48: an active rule scoped to destination countries makes a signed-in view depend on the
 * customer's country, so the storefront must key a group's cached view by country too. Only in rules
 * mode with the module on (otherwise rules decide nothing).
 */
async function variesByCountry(config: AccessConfig, ctx: AccessContext): Promise<boolean> {
  if (!config.enabled || config.mode !== 'rules') return false;
  const { rules } = await accessSnapshot(ctx);
  return rules.some(({ rule }) => rule.isActive && rule.scope.countries.length > 0);
}

/**
 * `GET /api/rest/v2/b2b/access/config` (SPEC.md "B2B discovery config", DECISIONS.md 27): what the
 * storefront needs and nothing admin-only. Caller-independent, so it is cached publicly.
 */
export async function discoveryAnswer(config: AccessConfig, ctx: AccessContext) {
  const { loginWall, hidePrice, activationMatrix } = config;
  const storeWide = isStoreWideWall(config);
  return {
    enabled: config.enabled,
    hidePrice: hidePrice.enabled,
    blockPurchase: hidePrice.blockPurchase,
    requireLogin: storeWide,
    loginMessage: loginWall.notice,
    hiddenPriceMessage: hidePrice.message,
    activationMatrix: {
      byCustomerGroup: activationMatrix.byCustomerGroup,
      customerGroups: activationMatrix.customerGroups,
      byCategory: activationMatrix.byCategory,
      categoryIds: activationMatrix.categoryIds,
    },
    loginWall: { storeWide, redirectTo: wallTarget(loginWall.redirectTo), exemptPaths: loginWall.exemptCmsPages.map((identifier) => `/${identifier}`) },
    script: scriptPath,
    variesByCountry: await variesByCountry(config, ctx),
  };
}
