/**
 * A page of another website, as a merchant's blog would be, for the widget's browser tests and
 * bench: served on its own port at `localhost`, so it is another origin than a store at 127.0.0.1
 * even though both run here.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostPage {
  origin: string;
  close(): Promise<void>;
}

export async function serveHostPage(html: string): Promise<HostPage> {
  const server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
