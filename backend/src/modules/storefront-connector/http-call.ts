/** A call that did not succeed: `retryable` says whether trying again could help. */
export class CallFailed extends Error {
  readonly httpStatus: number | undefined;
  readonly retryable: boolean;
  constructor(message: string, httpStatus: number | undefined, retryable: boolean, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CallFailed';
    this.httpStatus = httpStatus;
    this.retryable = retryable;
  }
}

/**
 * Rate limits, server-side failures and a sync already running (409 `sync_in_progress`, DECISIONS.md
 * 46) may pass; a refused secret or a bad request will not.
 */
const retryableStatus = (status: number) => status === 408 || status === 409 || status === 429 || (status >= 500 && status !== 501);

/** The `message` of a JSON error body, or the start of a text one, so the log says what the far side said. */
async function reason(response: Response): Promise<string> {
  const text = (await response.text()).slice(0, 500);
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { message, error, errors } = body as { message?: unknown; error?: unknown; errors?: unknown };
      const parts = [error, message, errors === undefined ? undefined : JSON.stringify(errors)].filter((p) => typeof p === 'string' && p !== '');
      if (parts.length > 0) return parts.join(': ').slice(0, 500);
    }
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // Not JSON: the text itself is the best account.
  }
  return text || response.statusText;
}

/** POSTs JSON (cut off after timeoutMs or when `signal` aborts: shutdown) and answers the HTTP status of a 2xx, or throws CallFailed. */
export async function postJson(url: string, body: unknown, headers: Record<string, string>, timeoutMs: number, signal?: AbortSignal): Promise<number> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const message = timedOut ? `no answer within ${timeoutMs} ms` : `cannot reach ${new URL(url).origin}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
    throw new CallFailed(message, undefined, true, { cause: error });
  }
  if (response.ok) {
    await response.body?.cancel();
    return response.status;
  }
  throw new CallFailed(`HTTP ${response.status}: ${await reason(response)}`, response.status, retryableStatus(response.status));
}
