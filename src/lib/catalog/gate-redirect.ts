/**
 * Where a gated product's page sends the visitor instead of rendering (SPEC.md integration
 * contract: "when requiresLogin is true the page redirects"; DECISIONS.md 29: a rule's CMS page).
 * The flags come from KV, i.e. the guest view, so this is a guest's answer.
 */
import { gateRedirectPath, requiresLogin, type Annotated } from './b2b-gate.ts';
import { accessSettings, signInHref, type StoreExtensions } from './b2b-manifests.ts';

/** The 302 target for this product page, or null when it renders. */
export function productGateRedirect(product: Annotated, pageUrl: URL, config: StoreExtensions): string | null {
  const cmsPage = gateRedirectPath(product);
  if (cmsPage !== null) return cmsPage;
  if (!requiresLogin(product)) return null;
  return signInHref(accessSettings(config).loginPath, `${pageUrl.pathname}${pageUrl.search}`);
}
