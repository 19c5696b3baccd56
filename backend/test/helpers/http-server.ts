import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { TestShop } from './test-shop.ts';

/** Serves the shop's app over real HTTP on a free port, as server.ts does. */
export async function listen(shop: TestShop): Promise<{ url: string; close: () => Promise<void> }> {
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: shop.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
