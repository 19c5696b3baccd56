import { and, eq, inArray } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import type { Db } from '../db/database.ts';
import { mailOutbox, stores } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { outboxEntry, type OutboxEntry } from './outbox.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';
import { MailWorker, type WorkerOptions } from './worker.ts';

/** Who an email comes from. */
export interface Sender {
  name: string;
  address: string;
}

/** An email to send: always a plain-text part, optionally an HTML one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What it is for, e.g. "order_confirmation", "password_reset" (shown in the admin, filterable). */
  kind: string;
  /** The store view it is sent for: its sender identity and storefront origin. Default: the default store. */
  storeId?: number;
  /** Overrides the store's sender. */
  from?: Sender;
}

export interface MailSettings {
  /** SMTP connection URL (`smtp://user:pass@host:587`, `smtps://…`); unset: emails are recorded as "unsent" and never delivered. */
  smtpUrl?: string;
  /**
   * MAIL_FROM: `Name <address>` or a bare address. Replaces the store's sender address (and name,
   * when it has one) for every store, e.g. to send from a domain the SMTP service verified.
   */
  from?: string;
  /** STOREFRONT_URL: the default store's public origin, for links in emails. */
  storefrontUrl?: string;
  /** STOREFRONT_URLS: public origins of other store views by store code. */
  storefrontUrls?: Readonly<Record<string, string>>;
  /** Delivery: attempts, backoff, polling (see worker.ts for the defaults). */
  delivery?: Partial<WorkerOptions>;
  /** Stands in for the SMTP transport (tests of the worker's bookkeeping). */
  transport?: MailTransport;
}

/** Where links point when no storefront origin is configured: `npm start`'s storefront. */
export const fallbackStorefrontUrl = 'http://127.0.0.1:8787';

export interface Mailer {
  /** True when emails are delivered (SMTP_URL set); false: they are recorded as "unsent". */
  readonly delivers: boolean;
  /**
   * Writes the email to the outbox with `db`, which may be the caller's open transaction: the email
   * then commits or rolls back with the change that causes it. Answers the outbox id. Never sends:
   * the worker does, after commit.
   */
  enqueue(db: Db, message: MailMessage): Promise<number>;
  /**
   * Queues a sent, failed or unsent email again with a fresh set of attempts and answers it as queued
   * (the delivery loop may already be sending it by the time the caller reads it again).
   * 404 unknown, 409 still pending, 503 without SMTP.
   */
  resend(db: Db, id: number): Promise<OutboxEntry>;
  /** An absolute storefront URL for a path, on the public origin of the store view (by code; default store when absent or unknown). */
  storefrontUrl(path: string, storeCode?: string): string;
  /** Starts delivering from the outbox of `db` (server.ts). Without SMTP the worker has nothing to do and does nothing. */
  startWorker(db: Db): MailWorker;
}

/** `Name <address>` or `address` (MAIL_FROM); throws when it holds no address. */
export function parseSender(value: string): Partial<Sender> & { address: string } {
  const [first] = addressparser(value, { flatten: true });
  if (!first?.address || !first.address.includes('@')) throw new Error(`MAIL_FROM: "${value}" holds no email address`);
  return first.name ? { name: first.name, address: first.address } : { address: first.address };
}

async function storeSender(db: Db, storeId: number | undefined): Promise<Sender & { storeId: number }> {
  const [store] = await db
    .select({ id: stores.id, name: stores.name, contactEmail: stores.contactEmail })
    .from(stores)
    .where(storeId === undefined ? eq(stores.isDefault, true) : eq(stores.id, storeId))
    .limit(1);
  if (!store) throw new Error(storeId === undefined ? 'no default store view to send email for' : `no store view ${storeId}`);
  return { storeId: store.id, name: store.name, address: store.contactEmail };
}

export function createMailer(settings: MailSettings = {}): Mailer {
  const transport = settings.transport ?? (settings.smtpUrl ? createSmtpTransport(settings.smtpUrl) : undefined);
  const override = settings.from ? parseSender(settings.from) : undefined;
  const origins = Object.fromEntries(Object.entries(settings.storefrontUrls ?? {}).map(([code, url]) => [code, new URL(url).origin]));
  const defaultOrigin = new URL(settings.storefrontUrl ?? fallbackStorefrontUrl).origin;

  return {
    delivers: transport !== undefined,

    async enqueue(db, message) {
      const store = await storeSender(db, message.storeId);
      const from = message.from ?? { name: override?.name ?? store.name, address: override?.address ?? store.address };
      const now = new Date();
      const [row] = await db
        .insert(mailOutbox)
        .values({
          kind: message.kind,
          storeId: store.storeId,
          fromName: from.name.replace(/[\r\n]+/g, ' '),
          fromAddress: from.address,
          to: message.to.trim().toLowerCase(),
          // Header fields are one line; nodemailer folds long ones itself.
          subject: message.subject.replace(/\s*[\r\n]+\s*/g, ' '),
          text: message.text,
          html: message.html ?? null,
          status: transport ? 'pending' : 'unsent',
          nextAttemptAt: now,
          createdAt: now,
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('the outbox insert returned no row');
      return row.id;
    },

    async resend(db, id) {
      const [row] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!row) throw new AppError('not_found', 'mail_not_found', `No email ${id} in the outbox.`);
      if (!transport) throw new AppError('unavailable', 'mail_not_configured', 'No mail transport is configured (set SMTP_URL): nothing can be sent.');
      const queued = await db
        .update(mailOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), sentAt: null })
        .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['sent', 'failed', 'unsent'])))
        .returning();
      if (!queued[0]) throw new AppError('conflict', 'mail_pending', 'This email is already waiting to be sent.');
      return outboxEntry(queued[0]);
    },

    storefrontUrl(path, storeCode) {
      const origin = (storeCode !== undefined ? origins[storeCode] : undefined) ?? defaultOrigin;
      return new URL(path, origin).toString();
    },

    startWorker(db) {
      const worker = new MailWorker(db, transport, settings.delivery);
      worker.start();
      return worker;
    },
  };
}
