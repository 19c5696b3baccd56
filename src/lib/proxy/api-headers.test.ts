import { describe, expect, it } from 'vitest';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './api-headers.ts';

describe('upstreamRequestHeaders', () => {
  it('forwards only the allow-listed headers and sets the store of the host', () => {
    const incoming = new Headers({
      Authorization: 'Bearer token',
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Idempotency-Key': 'k1',
      'X-Cart-Token': 'cart',
      Cookie: 'preview_access=x',
      'X-Store-Code': 'someone-elses',
      'X-Forwarded-For': '10.0.0.1',
      Connection: 'keep-alive',
    });
    expect(Object.fromEntries(upstreamRequestHeaders(incoming, 'au'))).toEqual({
      authorization: 'Bearer token',
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': 'k1',
      'x-cart-token': 'cart',
      'x-store-code': 'au',
    });
  });

  it('sends no forwarding header: the address goes signed (client-ip.ts), never as X-Forwarded-For', () => {
    const incoming = new Headers({ 'CF-Connecting-IP': '203.0.113.7', 'X-Forwarded-For': '10.0.0.1', 'X-Client-IP': '10.0.0.2' });
    expect(Object.fromEntries(upstreamRequestHeaders(incoming, 'default'))).toEqual({ 'x-store-code': 'default' });
  });
});

describe('downstreamResponseHeaders', () => {
  it('drops hop-by-hop headers and those the Connection header names', () => {
    const upstream = new Headers({
      'Content-Type': 'application/json',
      'Cache-Control': 'private, max-age=60',
      Vary: 'Authorization',
      Connection: 'keep-alive, X-Backend-Internal',
      'Keep-Alive': 'timeout=5',
      'Transfer-Encoding': 'chunked',
      'X-Backend-Internal': 'yes',
      Upgrade: 'h2c',
    });
    expect(Object.fromEntries(downstreamResponseHeaders(upstream))).toEqual({
      'content-type': 'application/json',
      'cache-control': 'private, max-age=60',
      vary: 'Authorization',
    });
  });
});
