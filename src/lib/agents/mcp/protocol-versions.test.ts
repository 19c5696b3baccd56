import { describe, expect, it } from 'vitest';
import { asStatelessAnswer, discoverResult, isSupportedStateless, statelessVersionOf } from './protocol-versions.ts';

describe('statelessVersionOf', () => {
  it('reads the revision from _meta first, then from a 2026-07-28 header; a handshake-era request has none', () => {
    expect(statelessVersionOf({ params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } }, null)).toBe('2026-07-28');
    expect(statelessVersionOf({ params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2030-01-01' } } }, '2026-07-28')).toBe('2030-01-01');
    expect(statelessVersionOf({ method: 'tools/list' }, '2026-07-28')).toBe('2026-07-28');
    expect(statelessVersionOf({ method: 'tools/list' }, '2025-11-25')).toBeNull();
    expect(statelessVersionOf({ method: 'initialize', params: { protocolVersion: '2026-07-28' } }, null)).toBeNull();
  });

  it('supports only the stateless revision it implements', () => {
    expect(isSupportedStateless('2026-07-28')).toBe(true);
    expect(isSupportedStateless('2030-01-01')).toBe(false);
  });
});

describe('discoverResult', () => {
  it('names both revisions, the tools capability and the server', () => {
    expect(discoverResult({ name: 'Shop tools', version: '1.0.0', instructions: 'Shop.' })).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28', '2025-11-25'],
      capabilities: { tools: {} },
      serverInfo: { name: 'Shop tools', version: '1.0.0' },
    });
  });
});

describe('asStatelessAnswer', () => {
  it('marks results complete and leaves errors alone', () => {
    expect(asStatelessAnswer({ jsonrpc: '2.0', id: 1, result: { tools: [] } })).toEqual({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', tools: [] } });
    const error = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'x' } };
    expect(asStatelessAnswer(error)).toEqual(error);
  });
});
