import { createTransport } from 'nodemailer';

/** One email as the transport sends it. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the worker needs of a transport; SMTP through nodemailer in production. */
export interface MailTransport {
  /** Resolves when the server accepted the message; rejects with the server's answer otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * SMTP through nodemailer, one connection per message (the outbox sends few, and a pool would
 * keep a socket open between polls). Timeouts are short enough that a hung server cannot hold a
 * claimed message past its lease.
 */
export function createSmtpTransport(url: string): MailTransport {
  const smtp = createTransport({ url, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 });
  return {
    async send(mail) {
      await smtp.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
