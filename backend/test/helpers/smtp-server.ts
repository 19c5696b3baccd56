import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO of the SMTP envelope. */
  from: string;
  to: string[];
  /** The message as sent (headers and MIME body). */
  raw: string;
  subject: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Refuses the next messages after their DATA, one reply code each in turn (e.g. 451 busy, then 550 rejected). */
  refuseNext(...responseCodes: number[]): void;
  /** Refuses every message until told otherwise. */
  refuseAll(responseCode: number): void;
  acceptAll(): void;
  /** Milliseconds each message takes to be accepted (to overlap deliveries). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/** The Subject header, unfolded (our subjects are ASCII; nodemailer writes them as they are). */
function subjectOf(raw: string): string {
  const match = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw);
  return match?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
}

/**
 * A real SMTP server (the smtp-server package) on a free local port, without TLS or authentication,
 * that keeps what it accepts and can be told to refuse.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals: number[] = [];
  let refuseEvery: number | undefined;
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          const refusal = refusals.shift() ?? refuseEvery;
          if (refusal !== undefined) {
            callback(Object.assign(new Error(`Refused by the test server (${refusal})`), { responseCode: refusal }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, subject: subjectOf(raw) });
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(...codes) {
      refusals.push(...codes);
    },
    refuseAll(code) {
      refuseEvery = code;
    },
    acceptAll() {
      refusals = [];
      refuseEvery = undefined;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
