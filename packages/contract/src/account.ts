import { z } from 'zod';
import { emailSchema } from './auth.ts';

export const passwordResetRequestSchema = z.object({ email: emailSchema }).meta({ id: 'PasswordResetRequest' });
export const passwordResetConfirmSchema = z
  .object({ token: z.string().min(1).max(200), password: z.string().max(128) })
  .meta({ id: 'PasswordResetConfirm' });

export const loginCodeRequestSchema = z.object({ email: emailSchema }).meta({ id: 'LoginCodeRequest' });
export const loginCodeVerifySchema = z
  .object({
    email: emailSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
  })
  .meta({ id: 'LoginCodeVerify' });

/** Deleting an account needs the password, or a fresh emailed code for password-less accounts. */
export const accountDeletionSchema = z
  .object({ password: z.string().max(128).optional(), code: z.string().trim().max(6).optional() })
  .meta({ id: 'AccountDeletion' });

export const emailPreferencesSchema = z
  .object({ product_news: z.boolean(), campaign_emails: z.boolean(), study_reminders: z.boolean() })
  .meta({ id: 'EmailPreferences' });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const emailPreferencesUpdateSchema = emailPreferencesSchema.partial().meta({ id: 'EmailPreferencesUpdate' });

export const detailSchema = z.object({ detail: z.string() }).meta({ id: 'Detail' });

export const authProviderSchema = z.object({ id: z.string(), name: z.string(), start_url: z.string() });
export const authProvidersSchema = z.array(authProviderSchema).meta({ id: 'AuthProviders' });
export type AuthProvider = z.infer<typeof authProviderSchema>;

/** Lifetimes and attempt limits of emailed secrets. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const RESET_RESEND_INTERVAL_MS = 10 * 60_000;
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
