/**
 * The one place the browser talks to `/api/*` (the storefront's proxy of the backend). It sends
 * the customer's token or the guest cart token, keeps the cart token the backend issues, renews an
 * expired access token once with the refresh token, and turns every failure into an ApiError with
 * a message fit to show the shopper.
 */
import { cartToken, customerTokens, saveCartToken, saveCustomerTokens, type CustomerTokens } from './session.ts';
import type { TokenAnswer } from './types.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The backend's message per request field (its 4xx `details`), for forms to show by the field. */
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  idempotencyKey?: string;
  /**
   * A guest cart to read instead of this browser's own (an agent's, handed over in a link): its
   * token is sent in place of the stored one, and no token the backend answers is kept.
   */
  guestCart?: string;
}

/** Renew a little before expiry so a call in flight does not race the clock. */
const EXPIRY_MARGIN_MS = 30_000;

export function tokensFromAnswer(answer: TokenAnswer, now = Date.now()): CustomerTokens {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: now + answer.expires_in * 1000 - EXPIRY_MARGIN_MS,
  };
}

export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  let tokens = customerTokens();
  if (tokens && tokens.expiresAt <= Date.now()) tokens = await refresh(tokens);
  let response = await send(path, request, tokens);
  if (response.status === 401 && tokens) {
    // Revoked or expired early (e.g. a password change elsewhere): one renewal, then as a guest.
    tokens = await refresh(tokens);
    response = await send(path, request, tokens);
  }
  return read<T>(response);
}

async function send(path: string, request: ApiRequest, tokens: CustomerTokens | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  if (request.idempotencyKey) headers.set('Idempotency-Key', request.idempotencyKey);
  if (tokens) headers.set('Authorization', `Bearer ${tokens.accessToken}`);
  else {
    const token = request.guestCart ?? cartToken();
    if (token) headers.set('X-Cart-Token', token);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (error) {
    throw new ApiError(0, 'network', `We could not reach the shop. Check your connection and try again. (${String(error)})`);
  }
  const issued = response.headers.get('X-Cart-Token');
  if (issued && !tokens && request.guestCart === undefined) saveCartToken(issued);
  return response;
}

/**
 * The answer, typed by the caller from the shared contracts (./types.ts) and not parsed here: a zod
 * parse of the cart, order and customer contracts bundles to 458 kB raw, 94 kB gzip (esbuild,
 * minified) against nothing for the cast: three times the product page's whole 30 kB budget
 * (tests/browser/shop-flow.test.ts). The backend's tests hold every answer to the same contracts
 * strictly instead (backend/test/commerce-contracts.test.ts).
 */
async function read<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, 'bad_response', `The shop answered unexpectedly (HTTP ${response.status}). Please try again.`);
    }
  }
  if (!response.ok) throw errorFrom(response.status, data);
  return data as T;
}

function errorFrom(status: number, data: unknown): ApiError {
  const body = (data ?? {}) as { error?: unknown; message?: unknown; error_description?: unknown; details?: unknown };
  const code = typeof body.error === 'string' ? body.error : `http_${status}`;
  const message =
    typeof body.message === 'string'
      ? body.message
      : typeof body.error_description === 'string'
        ? body.error_description
        : `Something went wrong (HTTP ${status}). Please try again.`;
  return new ApiError(status, code, message, fieldMessages(body.details));
}

/**
 * `details` of a backend error, `[{location, field, message}]`, as field → first message. Checked
 * by hand rather than with zod, which would add its weight to every island (the product page's
 * budget included); anything of another shape is ignored and the top-level message still shows.
 */
function fieldMessages(details: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Array.isArray(details)) return fields;
  for (const entry of details as unknown[]) {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && field !== '' && typeof message === 'string' && !Object.hasOwn(fields, field)) fields[field] = message;
  }
  return fields;
}

/** A fresh access token from the refresh token, or null (signed out) when that is refused. */
async function refresh(tokens: CustomerTokens): Promise<CustomerTokens | null> {
  if (!tokens.refreshToken) {
    saveCustomerTokens(null);
    return null;
  }
  let response: Response;
  try {
    response = await fetch('/api/auth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),
    });
  } catch (error) {
    // Offline: keep the session for when the connection is back.
    throw new ApiError(0, 'network', `We could not reach the shop. Check your connection and try again. (${String(error)})`);
  }
  if (!response.ok) {
    saveCustomerTokens(null);
    return null;
  }
  const renewed = tokensFromAnswer((await response.json()) as TokenAnswer);
  saveCustomerTokens(renewed);
  return renewed;
}

/** A random key for one checkout attempt, so a retried place-order never makes a second order. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
