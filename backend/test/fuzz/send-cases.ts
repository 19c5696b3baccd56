/**
 * Sends fuzz cases over real HTTP and judges each answer: no 5xx, no dropped connection or request
 * left without an answer, and every 4xx the JSON error shape `{error, message}`.
 */
import type { Caller, FuzzCase } from './openapi-cases.ts';

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
  /** Stop sending new cases after this long (CI's bounded sample); the summary counts what was sent. */
  budgetMs?: number;
  /** Called every 500 cases, for a progress line. */
  progress?: (done: number, total: number, sofar: FuzzSummary) => void;
}

export async function sendCases(cases: readonly FuzzCase[], options: SendOptions): Promise<FuzzSummary> {
  const started = performance.now();
  const summary: FuzzSummary = { seed: options.seed, sent: 0, skipped: 0, byStatus: {}, failures: [], seconds: 0 };
  let next = 0;
  const stopAt = started + (options.budgetMs ?? Infinity);
  const worker = async () => {
    while (next < cases.length && performance.now() < stopAt) {
      const fuzzCase = cases[next++]!;
      await sendOne(fuzzCase, options, summary);
      if ((summary.sent + summary.skipped) % 500 === 0) options.progress?.(summary.sent + summary.skipped, cases.length, summary);
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
  let response: Response;
  let text: string;
  try {
    response = await fetch(request, { signal: AbortSignal.timeout(options.timeoutMs ?? 15_000), redirect: 'manual' });
    text = await response.text();
  } catch (error) {
    summary.sent++;
    summary.byStatus.dropped = (summary.byStatus.dropped ?? 0) + 1;
    const reason = error instanceof Error ? `${error.name}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
    summary.failures.push({ case: fuzzCase, problem: `no answer: ${reason}` });
    return;
  }
  summary.sent++;
  summary.byStatus[response.status] = (summary.byStatus[response.status] ?? 0) + 1;
  const problem = judge(response, text);
  if (problem) summary.failures.push({ case: fuzzCase, problem });
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
      for (const [name, value] of Object.entries(spec.fields)) form.set(name, value);
      if (spec.file !== undefined) form.set('file', new Blob([spec.file], { type: 'image/png' }), 'fuzz.png');
      body = form;
    } else {
      body = new URLSearchParams(spec.fields);
    }
  }
  // GET and HEAD cannot carry a body.
  if (fuzzCase.method === 'GET') body = undefined;
  return new Request(`${options.baseUrl}${fuzzCase.url}`, { method: fuzzCase.method, headers, body });
}

function judge(response: Response, text: string): string | undefined {
  if (response.status >= 500) return `answered ${response.status}: ${text.slice(0, 300)}`;
  if (response.status < 400) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return `answered ${response.status} as ${response.headers.get('content-type') ?? 'no content type'}, not JSON: ${text.slice(0, 120)}`;
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof body.error !== 'string' || typeof body.message !== 'string') return `answered ${response.status} without {error, message}: ${text.slice(0, 200)}`;
  } catch {
    return `answered ${response.status} with invalid JSON: ${text.slice(0, 120)}`;
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
