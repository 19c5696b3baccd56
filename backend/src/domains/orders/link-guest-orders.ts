import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashEmailedToken, newEmailedToken } from '../../platform/auth/emailed-token.ts';
import type { Db } from '../../platform/db/database.ts';
import { customers, orderLinkTokens, orders } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { renderTemplate, shopText, type MailTemplate } from '../../platform/mail/template.ts';
import { countHit } from '../../platform/rate-limit/counter.ts';
import type { StoreView } from '../stores/store-view.ts';

/** A link works for a day: long enough to reach a mailbox, short enough not to linger in it. */
export const orderLinkLifetimeSeconds = 24 * 3600;

/** Link emails a customer may ask for per hour (each one is an email to an address we have not verified). */
export const orderLinkRequestLimit = { perCustomer: 5, window: { seconds: 3600 } } as const;

export const orderLinkTemplate: MailTemplate = {
  subject: 'Add your earlier orders to your account at {{storeName}}',
  body: `Hello {{name}},

you asked to add the orders placed with {{email}} at {{storeName}} without signing in to your account. Confirm it is your address here (you will be asked to sign in if you are not):

{{link}}

The link works once and expires in 24 hours. If you did not ask for it, ignore this email: nothing changes.

{{storeName}}`,
};

/**
 * Emails the signed-in customer's address a single-use link that adds its guest orders (of this
 * store view) to the account. Orders are never linked on the email alone: anyone can register with
 * any address, so the link in that mailbox is the proof. Token and email commit together.
 */
export async function requestOrderLink(db: Db, mailer: Mailer, store: StoreView, customerId: number): Promise<{ email: string }> {
  const requests = await countHit(db, `order-link:customer:${customerId}`, orderLinkRequestLimit.window);
  if (requests > orderLinkRequestLimit.perCustomer) {
    throw new AppError('rate_limited', 'too_many_attempts', 'We have sent several links already. Use the newest one, or try again in an hour.');
  }
  const [customer] = await db.select({ email: customers.email, firstName: customers.firstName }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new AppError('unauthorized', 'unauthorized', 'Sign in again.');
  await db.transaction(async (tx) => {
    const now = new Date();
    const { token, tokenHash } = newEmailedToken();
    await tx.insert(orderLinkTokens).values({
      customerId,
      storeId: store.id,
      email: customer.email,
      tokenHash,
      expiresAt: new Date(now.getTime() + orderLinkLifetimeSeconds * 1000),
      createdAt: now,
    });
    const link = mailer.storefrontUrl(`/account/link-orders?${new URLSearchParams({ token })}`, store.code);
    const mail = renderTemplate(orderLinkTemplate, { name: customer.firstName, email: customer.email, storeName: store.name, link: shopText(link) });
    await mailer.enqueue(tx, { kind: 'order_link', to: customer.email, storeId: store.id, ...mail });
  });
  return { email: customer.email };
}

function invalidToken(reason: 'used' | 'expired' | 'unknown'): AppError {
  const messages = {
    used: 'This link was already used. Your orders from it are in your account.',
    expired: 'This link has expired. Ask for a new one from your account.',
    unknown: 'This link is not valid for your account. Sign in to the account that asked for it, and use the whole link from the email.',
  };
  return new AppError('invalid', 'invalid_token', messages[reason], { reason });
}

/**
 * Spends the token (in the statement that checks it: of two uses at once, one wins) and moves every
 * guest order of its email and store view to the customer who asked for it. A token asked for by
 * another customer is unknown to this one. Answers the numbers of the orders linked.
 */
export async function linkGuestOrders(db: Db, customerId: number, token: string): Promise<{ linked: string[] }> {
  const tokenHash = hashEmailedToken(token);
  return db.transaction(async (tx) => {
    const now = new Date();
    const mine = and(eq(orderLinkTokens.tokenHash, tokenHash), eq(orderLinkTokens.customerId, customerId));
    const [spent] = await tx
      .update(orderLinkTokens)
      .set({ usedAt: now })
      .where(and(mine, isNull(orderLinkTokens.usedAt), gt(orderLinkTokens.expiresAt, now)))
      .returning({ email: orderLinkTokens.email, storeId: orderLinkTokens.storeId });
    if (!spent) {
      const [row] = await tx.select({ usedAt: orderLinkTokens.usedAt }).from(orderLinkTokens).where(mine);
      throw invalidToken(!row ? 'unknown' : row.usedAt ? 'used' : 'expired');
    }
    const linked = await tx
      .update(orders)
      .set({ customerId })
      .where(and(isNull(orders.customerId), eq(orders.email, spent.email), eq(orders.storeId, spent.storeId)))
      .returning({ number: orders.number });
    return { linked: linked.map((order) => order.number).sort() };
  });
}
