import {
  errorMessages,
  fieldErrorCodeOfMessage,
  type ErrorCode,
  type FieldCodes,
  type FieldErrors,
} from '@vocagarden/contract';

/**
 * An error meant for the client: its status, code and the spec's message, and for a refusal that
 * time lifts, the seconds until it does (sent as Retry-After and `retry_after`).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string = errorMessages[code],
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
  }
}

/**
 * DRF-style field errors (`{"field": ["message"]}`), always a 400, with a code per message
 * (`field_codes`, decision 021): by default the catalogue's code of each message.
 */
export class FieldValidationError extends Error {
  readonly statusCode = 400;
  readonly codes: FieldCodes;
  constructor(
    readonly fields: FieldErrors,
    codes?: FieldCodes,
  ) {
    super('Invalid input.');
    this.codes =
      codes ??
      Object.fromEntries(
        Object.entries(fields).map(([field, messages]) => [field, messages.map(fieldErrorCodeOfMessage)]),
      );
  }
}

export const notAuthenticated = () => new ApiError(401, 'not_authenticated');
export const forbidden = (code: ErrorCode = 'permission_denied') => new ApiError(403, code);
export const notFound = () => new ApiError(404, 'not_found');
export const conflict = (code: ErrorCode, detail?: string) => new ApiError(409, code, detail);
