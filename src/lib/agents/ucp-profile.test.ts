import { describe, expect, it } from 'vitest';
import { ucpSdk } from './mcp/ucp-sdk-schemas.ts';
import { ucpBusinessProfile } from './ucp-profile.ts';

describe('ucpBusinessProfile', () => {
  const profile = ucpBusinessProfile('https://shop.example', 'test');

  it("validates against @ucp-js/sdk 0.1.1's business profile schema", () => {
    const parsed = ucpSdk.UcpDiscoveryProfileSchema.safeParse(profile);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('names the MCP transport on the store origin and the shopping capabilities', () => {
    expect(profile.ucp.services['dev.ucp.shopping'].mcp.endpoint).toBe('https://shop.example/mcp');
    expect(profile.ucp.capabilities.map((capability) => capability.name)).toEqual([
      'dev.ucp.shopping.catalog.search',
      'dev.ucp.shopping.catalog.lookup',
      'dev.ucp.shopping.cart',
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.fulfillment',
      'dev.ucp.shopping.order',
    ]);
    expect(profile.payment.handlers.map((handler) => handler.id)).toEqual(['test_card']);
  });

  it('offers no card handler with a live provider: the buyer pays on the store\'s checkout page', () => {
    const live = ucpBusinessProfile('https://shop.example', 'stripe');
    expect(live.payment.handlers).toEqual([]);
    const parsed = ucpSdk.UcpDiscoveryProfileSchema.safeParse(live);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });
});
