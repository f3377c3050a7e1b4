import {
  errorMessages,
  fieldErrorCodeOf,
  type ErrorBody,
  type ErrorCode,
  type FieldCodes,
  type FieldErrors,
} from '@vocagarden/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, FieldValidationError } from './errors.ts';

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

function sendError(reply: FastifyReply, error: Pick<ApiError, 'statusCode' | 'code' | 'detail' | 'retryAfterSeconds'>) {
  const body: ErrorBody = { detail: error.detail, code: error.code };
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
    body.retry_after = error.retryAfterSeconds;
  }
  return reply.status(error.statusCode).send(body);
}

const sendCode = (reply: FastifyReply, status: number, code: ErrorCode) =>
  sendError(reply, { statusCode: status, code, detail: errorMessages[code] });

/** DRF's field errors with their codes beside them (decision 021). */
function sendFieldErrors(reply: FastifyReply, fields: FieldErrors, codes: FieldCodes) {
  return reply.status(400).send({ ...fields, field_codes: codes });
}

/** The part of the request a validation error is about, as the client sent it. */
function validatedInput(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return request.body;
}

/**
 * One place turns every failure into the DRF-style contract: `{detail, code}` or field errors.
 * Anything unexpected is logged with its stack and answered with a generic 500 — no internals leak.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode === 401) reply.header('www-authenticate', 'Token');
      return sendError(reply, error);
    }
    if (error instanceof FieldValidationError) return sendFieldErrors(reply, error.fields, error.codes);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const input = validatedInput(request, error.validationContext);
      const fields: FieldErrors = {};
      const codes: FieldCodes = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        const message = issue.message ?? errorMessages.invalid;
        const path = (issue.instancePath ?? '').split('/').filter(Boolean);
        (fields[field] ??= []).push(message);
        (codes[field] ??= []).push(fieldErrorCodeOf({ ...issue.params, code: issue.keyword, message, path }, input));
      }
      return sendFieldErrors(reply, fields, codes);
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return sendCode(reply, known[0], known[1]);
    const state = sqlState(error);
    const refused = state ? databaseErrors[state] : undefined;
    if (refused) {
      // The SQLSTATE only: the failed query's parameters may hold personal data.
      request.log.warn({ sqlState: state, route: request.routeOptions.url }, 'database refused the input');
      return sendCode(reply, refused[0], refused[1]);
    }
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode < 500)) {
      request.log.info({ err: error }, 'client error');
      return sendCode(reply, error.statusCode ?? 400, error.statusCode === 429 ? 'throttled' : 'invalid');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendCode(reply, 500, 'server_error');
  });
}
