import type { AccessConfig } from './config.ts';
import { isStoreWideWall } from './engine/evaluate.ts';

/** Where the client script is served (declared by the module, proxied by the storefront: DECISIONS.md 26). */
export const scriptPath = '/plugins/b2b-access.js';

/** A `loginWall.redirectTo` setting as a storefront path: "login" → /login, "cms:<id>" → /<id>. */
export function wallTarget(redirectTo: string): string {
  return redirectTo.startsWith('cms:') ? `/${redirectTo.slice(4)}` : '/login';
}

/**
 * `GET /api/rest/v2/b2b/access/config` (SPEC.md "B2B discovery config", DECISIONS.md 27): what the
 * storefront needs and nothing admin-only. Caller-independent, so it is cached publicly.
 */
export function discoveryAnswer(config: AccessConfig) {
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
  };
}
