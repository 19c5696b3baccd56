/**
 * A body over the limit gets its 413 over a real socket before the connection closes (issue 31,
 * DECISIONS.md 56): the server refuses by Content-Length without reading the body, answers in full,
 * and only then may drop the rest; a client still writing sees the answer, not just a broken pipe.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listen } from '../../../test/helpers/http-server.ts';
import { openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

let shop: TestShop;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  shop = await openTestShop('pglite');
  server = await listen(shop);
});
afterAll(async () => {
  await server?.close();
  await shop?.close();
});

/** Sends the head and as much of the body as the server takes; resolves with every byte the server sent. */
function rawExchange(head: string, body: Buffer): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // A reset while still writing is allowed: what counts is what arrived before it.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
    socket.write(head);
    socket.end(body);
  });
}

it('answers 413 with the JSON error in full before closing on a 2 MiB JSON body', { timeout: 30_000 }, async () => {
  const body = Buffer.alloc(2 * 1024 * 1024, 'a');
  const answer = await rawExchange(
    `POST /api/rest/v2/cart/items HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    body,
  );
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  const [headers, text] = answer.split('\r\n\r\n', 2) as [string, string];
  const length = Number(/content-length: (\d+)/i.exec(headers)?.[1]);
  expect(Buffer.byteLength(text)).toBe(length);
  expect(JSON.parse(text)).toMatchObject({ error: 'payload_too_large' });
});
