/**
 * Machine-readable codes for every error the API returns. The client translates by code,
 * so the English `detail` text (the spec's exact wording) is only a fallback.
 */
export const errorMessages = {
  invalid_token: 'Invalid token.',
  not_authenticated: 'Authentication credentials were not provided.',
  permission_denied: 'You do not have permission to perform this action.',
  premium_required: 'This feature is only available for premium users.',
  not_found: 'Not found.',
  parse_error: 'Malformed request.',
  unsupported_media_type: 'Unsupported media type.',
  payload_too_large: 'Request body is too large.',
  invalid: 'Invalid input.',
  throttled: 'Too many requests. Please try again later.',
  invalid_credentials: 'Invalid Credentials',
  email_taken: 'A user with that email already exists.',
  user_not_found: 'No user found with that email.',
  reset_already_sent: 'A password reset token has already been sent.',
  server_error: 'An unknown error occurred. Please try again.',
  invalid_reset_token: 'This password reset link is invalid or has expired.',
  invalid_code: 'This code is invalid or has expired.',
  wrong_password: 'The password is incorrect.',
  code_required: 'Enter the code we emailed you.',
  provider_not_found: 'This sign-in provider is not configured.',
  oidc_failed: 'Sign-in with this provider failed. Please try again.',
  unknown_vocas: 'Unknown word ids.',
  no_document: 'No document found for this category.',
  admin_cannot_leave: 'The classroom admin cannot leave; delete the classroom instead.',
  not_your_lists: 'You can only share your own lists.',
  conflict: 'This change conflicts with another one. Please try again.',
  order_not_pending: 'This order is no longer waiting for payment.',
  payment_unavailable: 'The payment service is not available right now. Please try again.',
  invalid_link: 'This link is not valid. Please use the newest email we sent you.',
  campaign_not_draft: 'This campaign is already scheduled or sent; only a draft can be changed.',
  import_too_long: 'This text is too long: import at most 64 KB at a time.',
  too_many_words: 'Import at most 1,000 words at a time.',
  nothing_to_import: 'Paste or choose at least one English word.',
  service_unavailable: 'The server is busy right now. Please try again in a moment.',
} as const;

export type ErrorCode = keyof typeof errorMessages;

/** DRF-style field errors: `{"field": ["message", …]}`. */
export type FieldErrors = Record<string, string[]>;

/** Password validator messages (spec §5), returned under the `password` field. */
export const passwordMessages = {
  tooShort: 'This password is too short. It must contain at least 6 characters.',
  entirelyNumeric: 'This password is entirely numeric.',
  tooCommon: 'This password is too common.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

/**
 * A stable code for every field error (decision 021), sent beside the English messages as
 * `field_codes`, so the client translates by code. Codes with a fixed English text have it here;
 * the others (too_long, …) cover messages that carry a number or come from Zod.
 */
export const fieldErrorMessages = {
  required: 'This field is required.',
  invalid_email: 'Invalid email address',
  email_taken: errorMessages.email_taken,
  wrong_password: errorMessages.wrong_password,
  password_too_short: passwordMessages.tooShort,
  password_entirely_numeric: passwordMessages.entirelyNumeric,
  password_too_common: passwordMessages.tooCommon,
  accept_terms: 'You must accept the terms and privacy policy.',
  code_format: 'Enter the 6-digit code.',
} as const;

export const fieldErrorCodes = [
  ...(Object.keys(fieldErrorMessages) as (keyof typeof fieldErrorMessages)[]),
  'too_short',
  'too_long',
  'out_of_range',
  'invalid_choice',
  'invalid',
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];
export type FieldCodes = Record<string, FieldErrorCode[]>;

const codeByMessage = new Map<string, FieldErrorCode>(
  Object.entries(fieldErrorMessages).map(([code, message]) => [message, code as FieldErrorCode]),
);

/** The code of a field error the server wrote itself (a catalogue text), `invalid` for any other. */
export function fieldErrorCodeOfMessage(message: string): FieldErrorCode {
  return codeByMessage.get(message) ?? 'invalid';
}

/** What a field-error code needs to know of a Zod issue (Zod's own, or rebuilt from a validation error). */
export interface FieldIssue {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  format?: unknown;
  origin?: unknown;
  minimum?: unknown;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The code of one Zod issue against the input it was raised on: a catalogue text keeps its code;
 * otherwise the kind of issue decides (a missing value is `required` whatever its type).
 */
export function fieldErrorCodeOf(issue: FieldIssue, input: unknown): FieldErrorCode {
  const known = codeByMessage.get(issue.message);
  if (known) return known;
  if (valueAt(input, issue.path) == null) return 'required';
  const text = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_format':
      return issue.format === 'email' ? 'invalid_email' : 'invalid';
    case 'too_small':
      if (!text) return 'out_of_range';
      return Number(issue.minimum) <= 1 ? 'required' : 'too_short';
    case 'too_big':
      return text ? 'too_long' : 'out_of_range';
    case 'invalid_value':
      return 'invalid_choice';
    default:
      return 'invalid';
  }
}
