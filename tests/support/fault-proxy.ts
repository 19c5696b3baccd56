/**
 * A real HTTP hop between the storefront and the backend that passes everything through, except
 * requests a test chooses to fail (to prove a sync failing half-way writes nothing).
 */
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';

export interface FaultProxy {
  url: string;
  /** Requests whose path+query match answer this status instead of reaching the backend. */
  failWhen: (match: RegExp | null, status?: number) => void;
  close: () => Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  let rule: { match: RegExp; status: number } | null = null;
  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    if (rule?.match.test(path)) {
      response.writeHead(rule.status, { 'Content-Type': 'application/json' }).end('{"error":"injected_fault"}');
      return;
    }
    try {
      const upstream = await fetch(`${target}${path}`, {
        method: request.method,
        headers: Object.fromEntries(
          Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        ),
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      response.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('Content-Type') ?? 'application/json' });
      response.end(body);
    } catch {
      response.writeHead(502).end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    failWhen: (match, status = 500) => {
      rule = match ? { match, status } : null;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
