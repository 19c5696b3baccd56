/**
 * A test shop with Custom Forms loaded, a local fake of the captcha providers' siteverify endpoints
 * reached over real HTTP, a probe module that records the `customforms_submission_saved` events it
 * is delivered, and the helpers the API tests share.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRenderToken } from '../../../../../contracts/render-token.ts';
import { ensureAdminUser } from '../../../platform/admin/ensure-admin.ts';
import type { Dialect } from '../../../platform/db/database.ts';
import { signClientIp } from '../../../platform/http/client-ip.ts';
import { signStorefrontCall } from '../../../platform/http/storefront-call.ts';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { adminBearer, testAdmin } from '../../../../test/helpers/admin-session.ts';
import { openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';
import customForms from '../index.ts';

export const secret = 'forms-test-secret-0123456789abcdefghijkl';
export const adminBase = '/api/rest/v2/admin/custom-forms';

/** The fake provider: token "good" passes, "bad" fails, "down…" answers 503, "low" scores 0.1. */
async function startFakeVerifier(): Promise<{ url: string; server: Server; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const token = form.get('response') ?? '';
      seen.push(`${request.url} ${form.get('secret')} ${token}`);
      if (token.startsWith('down')) {
        response.writeHead(503).end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(token === 'low' ? { success: true, score: 0.1 } : { success: token === 'good' || token.startsWith('good-'), score: 0.9 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen };
}

export interface FormsShop {
  shop: TestShop;
  admin: Record<string, string>;
  verifier: { url: string; seen: string[] };
  /** Ids of the submissions the probe module was delivered, in order. */
  delivered: number[];
  configure(patch: Record<string, unknown>): Promise<void>;
  /** A render token for `code` issued `secondsAgo` ago. */
  token(code: string, secondsAgo?: number): Promise<string>;
  close(): Promise<void>;
}

export async function openFormsShop(dialect: Dialect): Promise<FormsShop> {
  const verifier = await startFakeVerifier();
  const delivered: number[] = [];
  const probe = defineModule({
    id: 'submission-probe',
    title: 'Probe',
    subscribers: [{ event: 'customforms_submission_saved', handle: (events) => void delivered.push(...events.map((event) => event.payload.submissionId)) }],
  });
  const shop = await openTestShop(dialect, {
    modules: [customForms, probe],
    storefrontProxySecret: secret,
    env: {
      STOREFRONT_PROXY_SECRET: secret,
      // The captcha secret key is stored encrypted.
      CONFIG_ENCRYPTION_KEY: 'forms-test-config-key-0123456789abcdef',
      TURNSTILE_VERIFY_URL: `${verifier.url}/turnstile`,
      HCAPTCHA_VERIFY_URL: `${verifier.url}/hcaptcha`,
      RECAPTCHA_VERIFY_URL: `${verifier.url}/recaptcha`,
    },
  });
  await ensureAdminUser(shop.database.db, testAdmin);
  const admin = await adminBearer(shop);
  const configure = async (patch: Record<string, unknown>) => {
    const saved = await shop.send('PUT', `${adminBase}/config`, { json: patch, headers: admin });
    if (saved.status !== 200) throw new Error(`config refused: ${JSON.stringify(saved.body)}`);
  };
  return {
    shop,
    admin,
    verifier,
    delivered,
    configure,
    token: (code, secondsAgo = 10) => signRenderToken(secret, code, Date.now() - secondsAgo * 1000),
    async close() {
      await shop.close();
      await new Promise((resolve) => verifier.server.close(resolve));
    },
  };
}

/** The headers the storefront's proxy adds for a visitor at `ip`. */
export function fromVisitor(ip: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return { 'x-client-ip': ip, 'x-storefront-timestamp': String(timestamp), 'x-storefront-signature': signClientIp(secret, ip, timestamp) };
}

/** The header of the storefront's own calls (its rendered forms and the posts it forwards, DECISIONS.md 51). */
export function fromStorefront(): Record<string, string> {
  return { 'x-storefront-call': signStorefrontCall(secret, Math.floor(Date.now() / 1000)) };
}

export const quoteForm = {
  code: 'quote',
  title: 'Request a quote',
  isActive: true,
  successMessage: 'Thanks, a quote is on its way.',
  notifyEmails: ['sales@example.com'],
  fields: [
    { key: 'name', label: 'Name', type: 'text', required: true, maxLength: 100 },
    { key: 'email', label: 'Email', type: 'email', required: true },
    { key: 'qty', label: 'Quantity', type: 'number', required: false },
    { key: 'topic', label: 'Topic', type: 'select', required: true, options: [{ value: 'bulk', label: 'Bulk order' }, { value: 'custom', label: 'Custom work' }] },
    { key: 'consent', label: 'Consent', type: 'checkbox', required: true },
  ],
};

export const goodPayload = (email = 'ada@example.com') => ({ name: 'Ada', email, qty: 12, topic: 'bulk', consent: true });
