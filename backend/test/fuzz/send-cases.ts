/**
 * Sends fuzz cases over real HTTP and judges each answer: no 5xx but those the operation documents,
 * no dropped connection or request left without an answer, and every 4xx and documented 5xx the
 * JSON error shape `{error, message}`.
 */
import { request as httpRequest } from 'node:http';
import type { Caller, FuzzCase } from './openapi-cases.ts';
import { rawExchange, type Answer } from './raw-exchange.ts';

export interface Failure {
  case: FuzzCase;
  problem: string;
}

export interface FuzzSummary {
  seed: number;
  sent: number;
  /** Cases the HTTP client itself refused to build (a header value it will not send). */
  skipped: number;
  byStatus: Record<string, number>;
  /** 5xx answers the operation documents (see FuzzRequest.documented5xx): counted, not failures when they are the JSON error shape. */
  documented5xx: number;
  /** The operations ("POST /api/rest/v2/cart/items") at least one case of which was answered. */
  operationsSent: Set<string>;
  failures: Failure[];
  seconds: number;
}

export interface SendOptions {
  baseUrl: string;
  /** Authorization header value per caller ("none" sends none). */
  tokens: Record<Exclude<Caller, 'none'>, string>;
  seed: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** An answer slower than this counts as a failure (a request left waiting). */
  timeoutMs?: number;
  /**
   * After this long send only the cases marked `covers` (CI's bounded sample: every operation is still
   * fuzzed on a slow machine); the summary counts what was sent.
   */
  budgetMs?: number;
  /** Called every 500 cases, for a progress line. */
  progress?: (done: number, total: number, sofar: FuzzSummary) => void;
}

export async function sendCases(cases: readonly FuzzCase[], options: SendOptions): Promise<FuzzSummary> {
  const started = performance.now();
  const summary: FuzzSummary = { seed: options.seed, sent: 0, skipped: 0, byStatus: {}, documented5xx: 0, operationsSent: new Set(), failures: [], seconds: 0 };
  let next = 0;
  const stopAt = started + (options.budgetMs ?? Infinity);
  let reported = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzzCase = cases[next++]!;
      if (!fuzzCase.covers && performance.now() >= stopAt) continue;
      await sendOne(fuzzCase, options, summary);
      const done = summary.sent + summary.skipped;
      // Workers finish together: report on passing each 500, not on landing exactly on it.
      if (done >= reported + 500) options.progress?.((reported = done), cases.length, summary);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 1 }, worker));
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

async function sendOne(fuzzCase: FuzzCase, options: SendOptions, summary: FuzzSummary): Promise<void> {
  let request: Request;
  try {
    request = buildRequest(fuzzCase, options);
  } catch {
    summary.skipped++;
    return;
  }
  let answer: Answer;
  try {
    answer = await exchange(request, options.timeoutMs ?? 15_000);
  } catch (error) {
    summary.sent++;
    summary.byStatus.dropped = (summary.byStatus.dropped ?? 0) + 1;
    summary.failures.push({ case: fuzzCase, problem: `no answer: ${error instanceof Error ? error.message : String(error)}` });
    return;
  }
  summary.sent++;
  summary.operationsSent.add(fuzzCase.operation);
  summary.byStatus[answer.status] = (summary.byStatus[answer.status] ?? 0) + 1;
  if (fuzzCase.documented5xx.includes(answer.status)) summary.documented5xx++;
  const problem = judge(answer, fuzzCase.documented5xx);
  if (problem) summary.failures.push({ case: fuzzCase, problem });
}

/**
 * Bodies past the smallest limit the backend sets (JSON, 1 MiB, DECISIONS.md 56) may be refused
 * before they are read: they go over a raw socket that reads the answer while it writes.
 */
const RAW_ABOVE_BYTES = 1024 * 1024;

/**
 * One request on a connection of its own (no keep-alive): a connection the server drops is then
 * this case's, never blamed on the next case reusing a socket.
 */
async function exchange(request: Request, timeoutMs: number): Promise<Answer> {
  const body = Buffer.from(await request.arrayBuffer());
  const headers = Object.fromEntries(request.headers);
  if (body.length > RAW_ABOVE_BYTES) return rawExchange(request.url, request.method, headers, body, timeoutMs);
  if (body.length > 0) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    // Settles once, whatever happens first; the timer is the backstop for a socket that never reports.
    const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs + 1000);
    const settle = <T,>(finish: (value: T) => void) => (value: T) => {
      clearTimeout(timer);
      finish(value);
      // One connection per case: once settled (perhaps with the body half sent), it is done.
      setImmediate(() => outgoing.destroy());
    };
    resolve = settle(resolve);
    reject = settle(reject);
    // The answer as far as it arrived: a server may answer (413) before reading the whole body and then
    // close, so the client's write fails (EPIPE, ECONNRESET) after or even while the answer is read.
    let answer: (Answer & { length: number | undefined; received: number }) | undefined;
    const chunks: Buffer[] = [];
    const complete = () => answer !== undefined && answer.length !== undefined && answer.received >= answer.length;
    const answered = () => ({ status: answer!.status, contentType: answer!.contentType, text: Buffer.concat(chunks).toString('utf8') });
    const outgoing = httpRequest(request.url, { method: request.method, headers, agent: false, timeout: timeoutMs }, (incoming) => {
      const length = incoming.headers['content-length'];
      answer = { status: incoming.statusCode ?? 0, contentType: String(incoming.headers['content-type'] ?? ''), text: '', length: length === undefined ? undefined : Number(length), received: 0 };
      incoming.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        answer!.received += chunk.length;
      });
      incoming.on('error', (error) => (complete() ? resolve(answered()) : reject(error)));
      incoming.on('end', () => resolve(answered()));
      incoming.on('close', () => (complete() ? resolve(answered()) : reject(new Error('connection closed before the answer ended'))));
    });
    outgoing.on('close', () => (complete() ? resolve(answered()) : reject(new Error('connection closed without an answer'))));
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // The broken write of a body the server already refused: the answer counts, once it is whole. An
    // error before any answer (or before its end) still fails the case, through 'close' above.
    outgoing.on('error', (error) => {
      if (complete()) resolve(answered());
      else if (answer === undefined || (error as NodeJS.ErrnoException).code === undefined) reject(error);
    });
    outgoing.end(body.length > 0 ? body : undefined);
  });
}


function buildRequest(fuzzCase: FuzzCase, options: SendOptions): Request {
  const headers = new Headers(fuzzCase.headers);
  if (fuzzCase.caller !== 'none') headers.set('authorization', options.tokens[fuzzCase.caller]);
  let body: RequestInit['body'];
  const { body: spec } = fuzzCase;
  if (spec?.kind === 'text') {
    body = spec.text;
    if (spec.contentType) headers.set('content-type', spec.contentType);
  } else if (spec?.kind === 'form') {
    if (spec.multipart) {
      const form = new FormData();
      // append, not set: set looks for an entry of the same name first, so a form of 100,000 fields (a
      // long string spread into one field per character) took the client 30 s to build, stalling
      // every request in flight (the 15 s "hang" of FUZZ_SEED=454253003 was this client's own pause).
      for (const [name, value] of Object.entries(spec.fields)) form.append(name, value);
      if (spec.file !== undefined) form.append('file', new Blob([spec.file], { type: 'image/png' }), 'fuzz.png');
      body = form;
    } else {
      body = new URLSearchParams(spec.fields);
    }
  }
  // GET and HEAD cannot carry a body.
  if (fuzzCase.method === 'GET') body = undefined;
  return new Request(`${options.baseUrl}${fuzzCase.url}`, { method: fuzzCase.method, headers, body });
}

function judge({ status, contentType, text }: Answer, documented5xx: number[]): string | undefined {
  // A documented 5xx (the outbox's 503 with no SMTP transport) is a deliberate answer, so it must be
  // the error shape a client can act on like any 4xx; any other 5xx is a failure whatever its body.
  if (status >= 500 && !documented5xx.includes(status)) return `answered ${status}: ${text.slice(0, 300)}`;
  if (status < 400) return undefined;
  if (!contentType.includes('application/json')) return `answered ${status} as ${contentType || 'no content type'}, not JSON: ${text.slice(0, 120)}`;
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof body.error !== 'string' || typeof body.message !== 'string') return `answered ${status} without {error, message}: ${text.slice(0, 200)}`;
  } catch {
    return `answered ${status} with invalid JSON: ${text.slice(0, 120)}`;
  }
  return undefined;
}

/** Failures grouped by operation and problem, for a short printed report. */
export function describeFailures(failures: readonly Failure[], limit = 40): string {
  const groups = new Map<string, { count: number; example: Failure }>();
  for (const failure of failures) {
    const key = `${failure.case.operation} ${failure.problem.replace(/\d{4,}/g, 'N').slice(0, 80)}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { count: 1, example: failure });
  }
  return [...groups.values()]
    .slice(0, limit)
    .map(({ count, example }) => `${count} × ${example.case.method} ${example.case.url.slice(0, 120)} as ${example.case.caller} [${example.case.label}]: ${example.problem}`)
    .join('\n');
}
