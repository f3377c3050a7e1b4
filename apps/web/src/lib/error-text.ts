import {
  errorMessages,
  fieldErrorCodeOf,
  fieldErrorCodes,
  passwordMessages,
  type FieldErrorCode,
} from '@vocagarden/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiRequestError } from './api-client.ts';

/** The server's English texts, mapped back to translation keys. */
const keyByMessage = new Map<string, string>([
  ...Object.entries(errorMessages).map(([code, message]) => [message, `errors.${code}`] as const),
  ...Object.entries(passwordMessages).map(([name, message]) => [message, `errors.password.${name}`] as const),
]);

/** Translates one server message; unknown texts are shown as sent rather than hidden. */
function translateMessage(t: TFunction, message: string): string {
  const key = keyByMessage.get(message);
  return key ? t(key) : message;
}

/** The translation of each field-error code (decision 021); texts the app already had keep their keys. */
const keyByFieldCode: Record<FieldErrorCode, string> = {
  required: 'errors.field.required',
  invalid_email: 'errors.field.invalid_email',
  email_taken: 'errors.email_taken',
  wrong_password: 'errors.wrong_password',
  password_too_short: 'errors.password.tooShort',
  password_entirely_numeric: 'errors.password.entirelyNumeric',
  password_too_common: 'errors.password.tooCommon',
  accept_terms: 'auth.mustAcceptTerms',
  code_format: 'errors.field.code_format',
  too_short: 'errors.field.too_short',
  too_long: 'errors.field.too_long',
  out_of_range: 'errors.field.out_of_range',
  invalid_choice: 'errors.field.invalid_choice',
  invalid: 'errors.invalid',
};

const isFieldCode = (code: string | undefined): code is FieldErrorCode =>
  (fieldErrorCodes as readonly (string | undefined)[]).includes(code);

/** One problem with one field: its code when known (a newer server may send codes this app does not know), and its English text. */
export interface FieldProblem {
  code: string | undefined;
  message: string;
}
export type FieldProblems = Record<string, FieldProblem[]>;

/** The field errors of a failed call (none for any other failure), each with its code. */
export function fieldProblemsOf(error: unknown): FieldProblems {
  if (!(error instanceof ApiRequestError)) return {};
  const codes = error.fieldCodes;
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [
      field,
      messages.map((message, index) => ({ code: codes[field]?.[index], message })),
    ]),
  );
}

/**
 * What the contract's schema finds wrong with a form's values, checked in the browser before they
 * are sent: the same codes the server would answer (the first path segment names the field).
 */
export function schemaProblems(schema: z.ZodType, values: unknown): FieldProblems {
  const result = schema.safeParse(values);
  const problems: FieldProblems = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    (problems[field] ??= []).push({ code: fieldErrorCodeOf(issue, values), message: issue.message });
  }
  return problems;
}

/** Both sets of problems, each told once per field (the browser and the server find the same ones). */
export function mergeProblems(first: FieldProblems, second: FieldProblems): FieldProblems {
  const merged: FieldProblems = {};
  for (const [field, problems] of [...Object.entries(first), ...Object.entries(second)]) {
    const known = (merged[field] ??= []);
    for (const problem of problems) {
      if (!known.some((seen) => (seen.code ?? seen.message) === (problem.code ?? problem.message))) known.push(problem);
    }
  }
  return merged;
}

/** One field problem in the interface language: by its code, else by its English text. */
export function fieldProblemText(t: TFunction, problem: FieldProblem): string {
  return isFieldCode(problem.code) ? t(keyByFieldCode[problem.code]) : translateMessage(t, problem.message);
}

/** Every problem of one field as one helper text, or undefined when it has none. */
export function fieldErrorText(t: TFunction, problems: FieldProblems, field: string): string | undefined {
  const texts = problems[field]?.map((problem) => fieldProblemText(t, problem));
  return texts?.length ? [...new Set(texts)].join(' ') : undefined;
}

/** Whole minutes (at least one) until a refused call may be tried again, from its Retry-After. */
export function minutesToWait(error: unknown): number | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const seconds = error.retryAfterSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * The text for a 429 (too many attempts: wrong passwords, PINs, codes …), or undefined for any
 * other failure: "Too many attempts. Try again in N minutes." when the server said when, else
 * the catalogue's "Too many requests. Please try again later."
 */
export function throttledText(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return undefined;
  const minutes = minutesToWait(error);
  return minutes === undefined ? t('errors.throttled') : t('errors.tooManyAttempts', { count: minutes });
}

/**
 * For a failure the spec words itself (e.g. 'Failed to update user profile'): the first field the
 * server refused, translated by its code, a 429's wait, else that text.
 */
export function fieldErrorOr(t: TFunction, error: unknown, fallbackKey: string): string {
  const first = Object.values(fieldProblemsOf(error))[0]?.[0];
  return first ? fieldProblemText(t, first) : (throttledText(t, error) ?? t(fallbackKey));
}

/** A single readable sentence for any failed call, in the interface language. */
export function errorText(t: TFunction, error: unknown, fallbackKey = 'errors.server_error'): string {
  const throttled = throttledText(t, error);
  if (throttled) return throttled;
  if (error instanceof ApiRequestError) {
    if (error.code && error.code in errorMessages) return t(`errors.${error.code}`);
    const first = Object.values(fieldProblemsOf(error))[0]?.[0];
    if (first) return fieldProblemText(t, first);
  }
  return t(fallbackKey);
}
