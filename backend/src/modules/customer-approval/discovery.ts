import type { ApprovalConfig } from './config.ts';

/** `GET /api/rest/v2/b2b/approval/config` (DECISIONS.md 44): what the storefront may say; nothing admin-only. */
export function approvalDiscovery(config: ApprovalConfig) {
  return { enabled: config.enabled, requireApprovalForNewRegistrations: config.requireApprovalForNewRegistrations, blockedLoginMessage: config.blockedLoginMessage };
}
