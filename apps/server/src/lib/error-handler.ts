import { errorMessages, type ErrorBody, type ErrorCode, type FieldErrors } from '@vocagarden/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, FieldValidationError } from './errors.ts';
import { ThrottledError } from './rate-limit.ts';

/** Framework errors that are the client's fault, with the status and code we answer. */
const clientErrors: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'parse_error'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'parse_error'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'parse_error'],
};

/**
 * A safety net for input that slipped past validation: PostgreSQL's own refusals are the
 * client's fault (bad text, a number out of range, a reference to nothing, a duplicate), not ours.
 */
const databaseErrors: Record<string, [number, ErrorCode]> = {
  '22021': [400, 'invalid'], // invalid byte sequence (a NUL in text)
  '22P05': [400, 'invalid'], // untranslatable character
  '22003': [400, 'invalid'], // numeric value out of range
  '22P02': [400, 'invalid'], // invalid text representation
  '23503': [400, 'invalid'], // foreign key violation: the id names nothing
  '23505': [409, 'conflict'], // unique violation
};

/** Drizzle wraps driver errors; the SQLSTATE is on the error or its cause. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function sendError(reply: FastifyReply, status: number, code: ErrorCode, detail: string = errorMessages[code]) {
  const body: ErrorBody = { detail, code };
  return reply.status(status).send(body);
}

/**
 * One place turns every failure into the DRF-style contract: `{detail, code}` or field errors.
 * Anything unexpected is logged with its stack and answered with a generic 500 — no internals leak.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode === 401) reply.header('www-authenticate', 'Token');
      if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(reply, error.statusCode, error.code, error.detail);
    }
    if (error instanceof FieldValidationError) return reply.status(400).send(error.fields);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        (fields[field] ??= []).push(issue.message ?? errorMessages.invalid);
      }
      return reply.status(400).send(fields);
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return sendError(reply, known[0], known[1]);
    const state = sqlState(error);
    const refused = state ? databaseErrors[state] : undefined;
    if (refused) {
      // The SQLSTATE only: the failed query's parameters may hold personal data.
      request.log.warn({ sqlState: state, route: request.routeOptions.url }, 'database refused the input');
      return sendError(reply, refused[0], refused[1]);
    }
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode < 500)) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, error.statusCode ?? 400, error.statusCode === 429 ? 'throttled' : 'invalid');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'server_error');
  });
}
