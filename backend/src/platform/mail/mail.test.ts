import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { OrderSchema } from '../../domains/checkout/schemas.ts';
import { openDatabase } from '../db/open.ts';
import { mailOutbox, orders, products } from '../db/schema/index.ts';
import { createMailer, type Mailer } from './mailer.ts';
import type { OutboxEntry } from './outbox.ts';
import { createSmtpTransport } from './transport.ts';
import type { MailWorker } from './worker.ts';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { aSimpleProduct, shopper } from '../../../test/helpers/shop-data.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp-server.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

type Order = z.infer<typeof OrderSchema>;
type Outbox = { member: OutboxEntry[]; totalItems: number; page: number; itemsPerPage: number };

/** Fast delivery settings: poll often, retry after 50 ms, 100 ms…, give up after 3 attempts. */
const fastDelivery = { pollMs: 20, retryBaseMs: 50, retryMaxMs: 1000, maxAttempts: 3 };
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

async function guestCart(shop: TestShop, sku: string, qty = 1): Promise<Record<string, string>> {
  const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
  const headers = { 'x-cart-token': token };
  const added = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty }, headers });
  if (added.status !== 200) throw new Error(`add failed: ${added.status} ${JSON.stringify(added.body)}`);
  return headers;
}

async function placeGuestOrder(shop: TestShop, email: string, offset = 0) {
  const product = await aSimpleProduct(shop.database.db, offset);
  const headers = await guestCart(shop, product.sku);
  const intent = await payCart(shop, headers);
  const placed = await shop.send<Order>('POST', '/api/rest/v2/checkout/place-order', {
    json: placeOrderBody(intent, email),
    headers: { ...headers, 'idempotency-key': randomBytes(8).toString('hex') },
  });
  return { placed, product };
}

async function outboxRows(shop: TestShop, to: string) {
  return shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

async function statusOf(shop: TestShop, id: number) {
  const [row] = await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row?.status;
}

describe.each(dialects)('mail through SMTP (%s)', (dialect) => {
  let smtp: TestSmtpServer;
  let shop: TestShop;
  let mailer: Mailer;
  let worker: MailWorker;
  let admin: { authorization: string };
  const failures: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.url, storefrontUrl: 'https://shop.test/', delivery: { ...fastDelivery, log: (line) => failures.push(line) } });
    shop = await openTestShop(dialect, { mailer });
    worker = mailer.startWorker(shop.database.db);
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp?.close();
    expect(shop.loggedErrors).toEqual([]);
    await shop?.close();
  });
  beforeEach(() => {
    smtp.acceptAll();
    failures.length = 0;
  });

  it('writes the order confirmation with the order and delivers it through SMTP', async () => {
    const email = uniqueEmail('buyer');
    const { placed } = await placeGuestOrder(shop, email);
    expect(placed.status).toBe(201);
    const [mail] = await outboxRows(shop, email);
    expect(mail).toMatchObject({ kind: 'order_confirmation', fromName: 'Northfield Supply Co.', fromAddress: 'hello@northfield.example' });
    expect(mail!.subject).toBe(`Your order ${placed.body.number} at Northfield Supply Co.`);
    expect(mail!.text).toContain(`Order ${placed.body.number}`);
    expect(mail!.text).toContain(`1 × ${placed.body.lines[0]!.name}`);
    expect(mail!.text).toContain('Total: $');
    expect(mail!.text).toContain('1 Main Street');
    expect(mail!.html).toContain('<a href="https://shop.test/">https://shop.test/</a>');

    await expect.poll(() => statusOf(shop, mail!.id), { timeout: 10_000 }).toBe('sent');
    const delivered = smtp.received.filter((m) => m.to.includes(email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ from: 'hello@northfield.example', subject: mail!.subject });
    expect(delivered[0]!.raw).toMatch(/^From: "?Northfield Supply Co\."? <hello@northfield\.example>/m);
    expect(delivered[0]!.raw).toContain('Content-Type: text/plain');
    expect(delivered[0]!.raw).toContain('Content-Type: text/html');
    const [sent] = await outboxRows(shop, email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it('retries a message the server refuses (4xx, then 5xx) with growing waits, then delivers it once', async () => {
    const to = uniqueEmail('retry');
    smtp.refuseNext(451, 550);
    const id = await mailer.enqueue(shop.database.db, { kind: 'test', to, subject: 'Retried', text: 'Hello' });
    await expect.poll(() => statusOf(shop, id), { timeout: 10_000 }).toBe('sent');
    const [row] = await outboxRows(shop, to);
    expect(row).toMatchObject({ attempts: 3, status: 'sent' });
    // The last refusal stays on the record: the admin sees why it took three attempts.
    expect(row!.lastError).toContain('550');
    expect(failures).toEqual([expect.stringMatching(/attempt 1 failed: .*451/), expect.stringMatching(/attempt 2 failed: .*550/)]);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('never undoes the order when delivery fails; an admin resends the email later', async () => {
    smtp.refuseAll(554);
    const email = uniqueEmail('refused');
    const { placed, product } = await placeGuestOrder(shop, email, 1);
    expect(placed.status).toBe(201);
    const [mail] = await outboxRows(shop, email);
    await expect.poll(() => statusOf(shop, mail!.id), { timeout: 30_000 }).toBe('failed');
    const [failed] = await outboxRows(shop, email);
    expect(failed).toMatchObject({ attempts: fastDelivery.maxAttempts, status: 'failed' });
    expect(failed!.lastError).toContain('554');
    // The order's other emails (the merchant's notice) fail alongside, so any failure line may come last.
    expect(failures).toContainEqual(expect.stringMatching(/attempt 3 failed, giving up/));
    // The order, its stock and the closed cart stand.
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.number, placed.body.number));
    expect(order).toMatchObject({ email, status: 'processing' });
    const [stock] = await shop.database.db.select({ qty: products.qty }).from(products).where(eq(products.id, product.id));
    expect(stock!.qty).toBe(product.qty - 1);

    smtp.acceptAll();
    const resent = await shop.send<OutboxEntry>('POST', `/api/rest/v2/admin/mail/outbox/${mail!.id}/resend`, { headers: admin });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: mail!.id, status: 'pending', attempts: 0 });
    await expect.poll(() => statusOf(shop, mail!.id), { timeout: 30_000 }).toBe('sent');
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('writes no email when the change that causes it rolls back', async () => {
    // Two buyers of the last unit: one order, one 409, and exactly one confirmation.
    const product = await aSimpleProduct(shop.database.db, 2);
    await shop.database.db.update(products).set({ qty: 1 }).where(eq(products.id, product.id));
    const buyers = [uniqueEmail('first'), uniqueEmail('second')];
    const carts = await Promise.all(buyers.map(() => guestCart(shop, product.sku)));
    const intents = await Promise.all(carts.map((headers) => payCart(shop, headers)));
    const answers = await Promise.all(
      buyers.map((email, i) =>
        shop.send<Order>('POST', '/api/rest/v2/checkout/place-order', { json: placeOrderBody(intents[i]!, email), headers: { ...carts[i], 'idempotency-key': `last-unit-${i}` } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const winner = buyers[answers.findIndex((a) => a.status === 201)]!;
    const loser = buyers.find((email) => email !== winner)!;
    expect(await outboxRows(shop, winner)).toHaveLength(1);
    expect(await outboxRows(shop, loser)).toEqual([]);

    // And any transaction: the email is part of it.
    const to = uniqueEmail('rolled-back');
    await expect(
      shop.database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, { kind: 'test', to, subject: 'Never', text: 'Never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxRows(shop, to)).toEqual([]);
  });

  it('lists the outbox to admins only, filtered and paged, newest first', async () => {
    const to = uniqueEmail('listed');
    smtp.refuseAll(550);
    const ids: number[] = [];
    for (const subject of ['First', 'Second', 'Third']) ids.push(await mailer.enqueue(shop.database.db, { kind: 'test', to, subject, text: `${subject} text` }));
    await expect.poll(() => statusOf(shop, ids[2]!), { timeout: 10_000 }).toBe('failed');
    smtp.acceptAll();

    const all = await shop.send<Outbox>('GET', `/api/rest/v2/admin/mail/outbox?to=${encodeURIComponent(to.toUpperCase())}&itemsPerPage=2`, { headers: admin });
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect(all.body).toMatchObject({ totalItems: 3, page: 1, itemsPerPage: 2 });
    expect(all.body.member.map((m) => m.subject)).toEqual(['Third', 'Second']);
    expect(all.body.member[0]).toMatchObject({
      id: ids[2],
      kind: 'test',
      to,
      text: 'Third text',
      html: null,
      status: 'failed',
      attempts: 3,
      lastError: expect.stringContaining('550'),
      nextAttemptAt: null,
      sentAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      from: { name: 'Northfield Supply Co.', address: 'hello@northfield.example' },
    });
    const second = await shop.send<Outbox>('GET', `/api/rest/v2/admin/mail/outbox?to=${to}&itemsPerPage=2&page=2`, { headers: admin });
    expect(second.body.member.map((m) => m.subject)).toEqual(['First']);
    const sent = await shop.send<Outbox>('GET', '/api/rest/v2/admin/mail/outbox?status=sent&kind=order_confirmation', { headers: admin });
    expect(sent.body.totalItems).toBeGreaterThan(0);
    expect(sent.body.member.every((m) => m.status === 'sent' && m.kind === 'order_confirmation')).toBe(true);

    expect((await shop.send('GET', '/api/rest/v2/admin/mail/outbox?status=lost', { headers: admin })).status).toBe(400);
    expect((await shop.send('GET', '/api/rest/v2/admin/mail/outbox')).status).toBe(401);
    const customer = await bearerFor(shop, shopper);
    const refused = await shop.send('GET', '/api/rest/v2/admin/mail/outbox', { headers: customer });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('admin_scope_required');
    expect((await shop.send('POST', `/api/rest/v2/admin/mail/outbox/${ids[0]}/resend`, { headers: customer })).status).toBe(403);
  });

  it('resends only what is not already waiting; unknown ids are 404', async () => {
    const to = uniqueEmail('resend');
    const id = await mailer.enqueue(shop.database.db, { kind: 'test', to, subject: 'Once', text: 'Once' });
    // Pending (not yet claimed, or in flight): a resend would send it twice.
    const early = await shop.send('POST', `/api/rest/v2/admin/mail/outbox/${id}/resend`, { headers: admin });
    if ((await statusOf(shop, id)) === 'pending') {
      expect(early.status).toBe(409);
      expect(early.body.error).toBe('mail_pending');
    }
    await expect.poll(() => statusOf(shop, id), { timeout: 10_000 }).toBe('sent');
    const again = await shop.send<OutboxEntry>('POST', `/api/rest/v2/admin/mail/outbox/${id}/resend`, { headers: admin });
    expect(again.status).toBe(200);
    await expect.poll(() => statusOf(shop, id), { timeout: 10_000 }).toBe('sent');
    expect(smtp.received.filter((m) => m.to.includes(to)).length).toBeGreaterThanOrEqual(2);
    const missing = await shop.send('POST', '/api/rest/v2/admin/mail/outbox/99999999/resend', { headers: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('mail_not_found');
  });

  it('shows the outbox in the admin (System → Mail) with a resend button', async () => {
    const to = uniqueEmail('admin-page');
    const id = await mailer.enqueue(shop.database.db, { kind: 'test', to, subject: 'Shown <b>escaped</b>', text: 'Body' });
    await expect.poll(() => statusOf(shop, id), { timeout: 10_000 }).toBe('sent');
    const browser = adminBrowser(shop);
    await browser.signIn();
    const page = await browser.request('GET', `/admin/mail?to=${encodeURIComponent(to)}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<a href="/admin/mail">Mail</a>');
    expect(page.html).toContain('Shown &lt;b&gt;escaped&lt;/b&gt;');
    expect(page.html).toContain(`action="/admin/mail/${id}/resend"`);
    const resent = await browser.request('POST', `/admin/mail/${id}/resend`, { _csrf: browser.csrfOf(page.html) });
    expect(resent.status).toBe(303);
    expect(resent.location).toBe('/admin/mail?flash=queued');
    expect((await browser.request('POST', `/admin/mail/${id}/resend`, { _csrf: 'forged' })).status).toBe(403);
    await expect.poll(() => statusOf(shop, id), { timeout: 10_000 }).toBe('sent');
    const twice = await shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, 'Shown%')));
    expect(twice).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(2);
  });
});

describe.each(dialects)('several mail workers on one database (%s)', (dialect) => {
  let smtp: TestSmtpServer;
  let shop: TestShop;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    await smtp?.close();
    await shop?.close();
  });

  it('sends each message exactly once', async () => {
    const count = 60;
    const writer = createMailer();
    for (let i = 0; i < count; i++) await writer.enqueue(shop.database.db, { kind: 'bulk', to: `bulk-${i}@example.com`, subject: `Bulk ${i}`, text: 'x' });
    await shop.database.db.update(mailOutbox).set({ status: 'pending' }).where(eq(mailOutbox.kind, 'bulk'));

    // Each "process" has its own connection pool on PostgreSQL (PGlite has one connection, shared).
    const second = shop.databaseUrl ? await openDatabase({ url: shop.databaseUrl }) : undefined;
    const sentBy = [0, 0, 0];
    const smtpTransport = createSmtpTransport(smtp.url);
    const workers = [shop.database.db, second?.db ?? shop.database.db, shop.database.db].map((db, n) =>
      createMailer({
        transport: {
          async send(mail) {
            await smtpTransport.send(mail);
            sentBy[n]! += 1;
          },
        },
        delivery: { pollMs: 5, batchSize: 4 },
      }).startWorker(db),
    );
    smtp.setDelay(5);
    try {
      await expect.poll(async () => (await shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'bulk'), eq(mailOutbox.status, 'sent')))).length, { timeout: 30_000 }).toBe(count);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await second?.close();
    }
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    expect(sentBy.reduce((a, b) => a + b)).toBe(count);
    // Every worker took part: the claims really competed.
    expect(sentBy.every((n) => n > 0), `sent by each worker: ${sentBy.join(', ')}`).toBe(true);
    const rows = await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'bulk'));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });
});

describe('mail without SMTP_URL', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop('pglite');
  });
  afterAll(async () => {
    // The 503 of the resend below is logged as any server-side refusal is; nothing else.
    expect(shop.loggedErrors).toEqual([expect.objectContaining({ code: 'mail_not_configured' })]);
    await shop.close();
  });

  it('puts a first name holding a URL into the outbox as plain text, never a link', async () => {
    const email = uniqueEmail('linked-name');
    const firstName = 'Claim your prize at https://evil.example/win';
    expect((await shop.send('POST', '/api/rest/v2/customers', { json: { email, password: 'Secret#2026', firstName, lastName: 'Www.evil.example' } })).status).toBe(201);
    expect((await shop.send('POST', '/api/rest/v2/customers/password/forgot', { json: { email } })).status).toBe(202);
    const [mail] = await outboxRows(shop, email);
    expect(mail?.kind).toBe('password_reset');
    // Neither an <a> nor a URL a mail client would link: only the shop's own set-password link is one.
    expect(mail?.html).not.toContain('evil.example');
    expect(mail?.html?.match(/<a href="([^"]+)"/g)).toEqual([expect.stringMatching(/^<a href="http:\/\/127\.0\.0\.1:8787\/account\/set-password\?token=/)]);
    expect(mail?.text).not.toMatch(/https?:\/\/evil/);
    // The name still reads as typed (the breaks are zero-width spaces).
    expect(mail?.text.replaceAll('\u200B', '')).toContain(`Hello ${firstName},`);
  });

  it('records every email as unsent, visible to the admin, and refuses to resend', async () => {
    const email = uniqueEmail('unsent');
    const { placed } = await placeGuestOrder(shop, email);
    expect(placed.status).toBe(201);
    const [mail] = await outboxRows(shop, email);
    expect(mail).toMatchObject({ kind: 'order_confirmation', status: 'unsent', attempts: 0 });
    // A worker without a transport leaves it alone.
    const worker = createMailer().startWorker(shop.database.db);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();

    const admin = await adminBearer(shop);
    const listed = await shop.send<Outbox>('GET', '/api/rest/v2/admin/mail/outbox?status=unsent', { headers: admin });
    expect(listed.body.member.map((m) => m.to)).toContain(email);
    const resend = await shop.send('POST', `/api/rest/v2/admin/mail/outbox/${mail!.id}/resend`, { headers: admin });
    expect(resend.status).toBe(503);
    expect(resend.body.error).toBe('mail_not_configured');

    const browser = adminBrowser(shop);
    await browser.signIn();
    const page = await browser.request('GET', '/admin/mail');
    expect(page.html).toContain('No mail server is configured');
    expect(page.html).not.toContain('>Resend<');
  });
});
