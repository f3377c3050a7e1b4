import { z } from 'zod';

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
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorBodySchema = z
  .object({ detail: z.string(), code: z.string() })
  .meta({ id: 'Error', description: 'One error, DRF style' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** DRF-style field errors: `{"field": ["message", …]}`. */
export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: 'FieldErrors', description: 'Validation errors by field' });
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Password validator messages (spec §5), returned under the `password` field. */
export const passwordMessages = {
  tooShort: 'This password is too short. It must contain at least 6 characters.',
  entirelyNumeric: 'This password is entirely numeric.',
  tooCommon: 'This password is too common.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
