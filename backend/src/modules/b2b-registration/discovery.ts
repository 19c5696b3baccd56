import type { RegistrationConfig } from './config.ts';

/** The storefront's trade-application page (the CMS page holding the `trade-application` form). */
export const applyPath = '/trade-account';

/** `GET /api/rest/v2/b2b/registration/config` (DECISIONS.md 44): nothing admin-only (no group, no override map). */
export function registrationDiscovery(config: RegistrationConfig) {
  return { enabled: config.enabled, formCodes: config.formCodes, applyPath };
}
