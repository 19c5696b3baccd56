import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackendClient } from './backend-client.ts';

/**
 * A paged collection over real HTTP: `/url-redirects` with `total` records, 100 a page, each answer
 * held back a few milliseconds as a backend's query is. It records how many requests it held at once.
 */
async function pagedBackend(total: (page: number) => number, failPage?: number) {
  const seen = { pages: [] as number[], mostAtOnce: 0 };
  let open = 0;
  const server: Server = createServer((request, response) => {
    const page = Number(new URL(request.url!, 'http://backend').searchParams.get('page'));
    seen.pages.push(page);
    seen.mostAtOnce = Math.max(seen.mostAtOnce, ++open);
    setTimeout(() => {
      open--;
      if (page === failPage) {
        response.writeHead(500).end();
        return;
      }
      const count = Math.max(0, Math.min(100, total(page) - (page - 1) * 100));
      const member = Array.from({ length: count }, (_, index) => ({ from: `/old-${(page - 1) * 100 + index}`, to: '/new', entity: 'product' }));
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ member, totalItems: total(page), page, itemsPerPage: 100 }));
    }, 15);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('reading every page of a collection', () => {
  it('asks for the next pages while it validates one, and keeps the records in page order', async () => {
    const backend = await pagedBackend(() => 650);
    const redirects = await createBackendClient({ baseUrl: backend.url }).urlRedirects('default', 'product');
    expect(redirects.map((redirect) => redirect.from)).toEqual(Array.from({ length: 650 }, (_, index) => `/old-${index}`));
    expect(backend.seen.pages.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // One page at a time before; now two ahead of the one being validated.
    expect(backend.seen.mostAtOnce).toBe(2);
  });

  it('ends at an empty page when the collection shrank while it was read', async () => {
    const backend = await pagedBackend((page) => (page === 1 ? 500 : 150));
    const redirects = await createBackendClient({ baseUrl: backend.url }).urlRedirects('default', 'product');
    expect(redirects).toHaveLength(150);
  });

  it('fails with the page that failed, whatever pages were asked for after it', async () => {
    const backend = await pagedBackend(() => 1_000, 3);
    await expect(createBackendClient({ baseUrl: backend.url }).urlRedirects('default', 'product')).rejects.toThrow(/HTTP 500/);
  });
});
