import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** What went wrong, from the caller's point of view; each kind has one HTTP status. */
const statusOfKind = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  payment_required: 402,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  upstream: 502,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorKind = keyof typeof statusOfKind;

const httpErrorCodes: Partial<Record<number, string>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

export interface AppErrorOptions extends ErrorOptions {
  /** Response headers the error implies (Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
  /** Extra top-level body fields a protocol requires (OAuth's error_description, a form's `errors`). */
  fields?: Record<string, unknown>;
}

/** The one error type of the backend: thrown anywhere, turned into JSON by {@link errorHandler}. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  /** snake_case, stable: clients branch on it. */
  readonly code: string;
  readonly details: unknown;
  readonly headers: Record<string, string>;
  readonly fields: Record<string, unknown>;

  constructor(kind: ErrorKind, code: string, message: string, details?: unknown, options: AppErrorOptions = {}) {
    super(message, options);
    this.name = 'AppError';
    this.kind = kind;
    this.code = code;
    this.details = details;
    this.headers = options.headers ?? {};
    this.fields = options.fields ?? {};
  }

  get status(): ContentfulStatusCode {
    return statusOfKind[this.kind];
  }
}

export interface ErrorBody {
  [field: string]: unknown;
  error: string;
  message: string;
  details?: unknown;
}

export type ErrorLogger = (message: string, cause: unknown) => void;

export function errorResponse(c: Context, status: ContentfulStatusCode, body: ErrorBody): Response {
  return c.json(body, status);
}

/**
 * Turns any thrown value into `{error, message, details?}`. Unknown errors become a generic 500;
 * their cause goes to the log, never to the client.
 */
export function errorHandler(log: ErrorLogger): ErrorHandler {
  return function handleError(err, c) {
    if (err instanceof AppError) {
      // A server-side failure behind a typed error still deserves a log line.
      if (err.status >= 500) log(`${c.req.method} ${c.req.path}: ${err.code}`, err.cause ?? err);
      const body: ErrorBody = { ...err.fields, error: err.code, message: err.message };
      if (err.details !== undefined) body.details = err.details;
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      return errorResponse(c, err.status, body);
    }
    // Raised by Hono itself or its middleware (malformed body, body too large...): keep the status.
    if (err instanceof HTTPException && err.status < 500) {
      const error = httpErrorCodes[err.status] ?? 'invalid_request';
      return errorResponse(c, err.status, { error, message: err.message || 'The request could not be processed.' });
    }
    log(`${c.req.method} ${c.req.path} failed`, err);
    return errorResponse(c, 500, { error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  };
}

export const notFoundHandler: NotFoundHandler = function handleNotFound(c) {
  return errorResponse(c, 404, { error: 'not_found', message: `No route for ${c.req.method} ${c.req.path}.` });
};

/**
 * The fields a refusal names, field → message: its `details` as `[{field, message}]` or
 * `{field}` (the message is then the error's). Forms show each next to its field.
 */
export function refusedFields(error: AppError): Record<string, string> {
  const details = (Array.isArray(error.details) ? error.details : [error.details]) as Array<{ field?: unknown; message?: unknown } | undefined>;
  const fields: Record<string, string> = {};
  for (const detail of details) {
    if (typeof detail?.field === 'string') fields[detail.field] ??= typeof detail.message === 'string' ? detail.message : error.message;
  }
  return fields;
}
