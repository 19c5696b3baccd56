/**
 * A local stand-in for the Cloudflare API's purge_cache (the worker reaches it through
 * CF_API_BASE_URL): records every call, and answers from a plan (200 `{"success": true}` unless a
 * test says otherwise).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PurgeCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: { tags?: string[] };
}

export interface CloudflareApiStandIn {
  url: string;
  calls: PurgeCall[];
  /** The status of each next call (a 429 also says `Retry-After: 0`); reset with `() => 200`. */
  answer: (plan: (call: PurgeCall, index: number) => number) => void;
  close: () => Promise<void>;
}

export async function startCloudflareApi(): Promise<CloudflareApiStandIn> {
  const calls: PurgeCall[] = [];
  let plan: (call: PurgeCall, index: number) => number = () => 200;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const call = { path: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as PurgeCall['body']) : {} };
      calls.push(call);
      const status = plan(call, calls.length - 1);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (status === 429) headers['retry-after'] = '0';
      res.writeHead(status, headers);
      const ok = status < 300;
      res.end(JSON.stringify({ success: ok, errors: ok ? [] : [{ code: status, message: 'refused by the stand-in' }], result: ok ? { id: 'purge' } : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answer: (next) => {
      plan = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
