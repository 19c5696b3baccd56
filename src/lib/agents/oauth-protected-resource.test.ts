import { describe, expect, it } from 'vitest';
import { bearerChallenge, protectedResourceMetadata } from './oauth-protected-resource.ts';

describe('protectedResourceMetadata (RFC 9728)', () => {
  it('names /mcp as the resource and the store origin as its authorization server', () => {
    expect(protectedResourceMetadata('https://shop.example')).toMatchObject({
      resource: 'https://shop.example/mcp',
      authorization_servers: ['https://shop.example'],
      bearer_methods_supported: ['header'],
    });
  });

  it("points the 401 challenge at the metadata (RFC 9728 section 5.1)", () => {
    expect(bearerChallenge('https://shop.example')).toBe('Bearer resource_metadata="https://shop.example/.well-known/oauth-protected-resource"');
  });
});
