import type { FastifyRequest } from 'fastify';

/**
 * What reaches the log about a request and about an error, and nothing else: no query string
 * (reset tokens, PINs, search terms), no headers, no query parameters of a failed statement (a
 * failed signup would log the email and the password hash), no row values from a database error.
 */

/** The path without its query string. */
export function pathOnly(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: pathOnly(request.url), remoteAddress: request.ip };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  cause?: SerializedError;
}

/** Database errors keep their SQLSTATE and the names of what failed, never the values. */
const SAFE_FIELDS = ['code', 'constraint', 'table'] as const;

/** Frames only: the stack starts with the message (over several lines, maybe), which may hold values. */
const framesOf = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown', stack: '' };
  const raw = error as Error & Record<string, unknown>;
  // Drizzle's "Failed query: … params: …": the statement's text has no values; its params do.
  // PostgreSQL's data exceptions (SQLSTATE class 22) quote the offending value in their message.
  const message =
    typeof raw.query === 'string' && 'params' in raw
      ? `Failed query: ${raw.query}`
      : typeof raw.code === 'string' && raw.code.startsWith('22')
        ? 'data exception (the value is withheld)'
        : error.message;
  const serialized: SerializedError = { type: error.name, message, stack: framesOf(error.stack) };
  for (const field of SAFE_FIELDS) if (typeof raw[field] === 'string') serialized[field] = raw[field];
  if (raw.cause !== undefined && depth < 3) serialized.cause = serializeError(raw.cause, depth + 1);
  return serialized;
}
