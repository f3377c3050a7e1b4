import { errorMessages, type ErrorCode, type FieldErrors } from '@vocagarden/contract';

/** An error meant for the client: its status, code and the spec's message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string = errorMessages[code],
  ) {
    super(detail);
  }
}

/** DRF-style field errors (`{"field": ["message"]}`), always a 400. */
export class FieldValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: FieldErrors) {
    super('Invalid input.');
  }
}

export const notAuthenticated = () => new ApiError(401, 'not_authenticated');
export const forbidden = (code: ErrorCode = 'permission_denied') => new ApiError(403, code);
export const notFound = () => new ApiError(404, 'not_found');
export const conflict = (code: ErrorCode, detail?: string) => new ApiError(409, code, detail);
