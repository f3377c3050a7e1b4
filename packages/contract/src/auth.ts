import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { fieldErrorMessages } from './errors.ts';
import { idParamSchema, languageCodeSchema, textSchema } from './primitives.ts';
import { userSchema } from './user.ts';
import { cefrLevelSchema } from './vocabulary.ts';

export const emailSchema = z
  .email()
  .max(254)
  .transform((email) => email.trim().toLowerCase());

export const passwordSchema = textSchema(128);

const ACCEPT_TERMS_MESSAGE = fieldErrorMessages.accept_terms;

export const signupSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    first_name: textSchema(150, { trim: true }).default(''),
    last_name: textSchema(150, { trim: true }).default(''),
    native_language_code: languageCodeSchema.optional(),
    /** Optional, so that clients from before onboarding can still sign up; those learners are asked on /welcome. */
    starting_level: cefrLevelSchema.optional(),
    accept_terms: z.boolean({ error: ACCEPT_TERMS_MESSAGE }).refine((accepted) => accepted, ACCEPT_TERMS_MESSAGE),
  })
  .meta({ id: 'Signup' });
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema }).meta({ id: 'Login' });
export type LoginInput = z.input<typeof loginSchema>;

export const sessionSchema = z
  .object({ token: z.string(), user: userSchema })
  .meta({ id: 'Session', description: 'A new API token and its user' });
export type Session = z.infer<typeof sessionSchema>;

export const detailSchema = z.object({ detail: z.string() }).meta({ id: 'Detail' });

export const passwordResetRequestSchema = z.object({ email: emailSchema }).meta({ id: 'PasswordResetRequest' });
export const passwordResetConfirmSchema = z
  .object({ token: textSchema(200).min(1), password: passwordSchema })
  .meta({ id: 'PasswordResetConfirm' });

/** Changing the password while signed in: the current one proves the owner. */
export const passwordChangeSchema = z
  .object({ current_password: passwordSchema, new_password: passwordSchema })
  .meta({ id: 'PasswordChange' });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** One signed-in device: an API token, described without its key. */
export const deviceSessionSchema = z
  .object({
    id: z.number().int(),
    user_agent: z.string().nullable(),
    created_at: z.iso.datetime(),
    /** When the token was last seen (recorded at most every few minutes); its creation if never since. */
    last_used_at: z.iso.datetime(),
    /** True for the token that made this request. */
    current: z.boolean(),
  })
  .meta({ id: 'DeviceSession' });
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsSchema = z.array(deviceSessionSchema).meta({ id: 'DeviceSessions' });

export const loginCodeRequestSchema = z.object({ email: emailSchema }).meta({ id: 'LoginCodeRequest' });
export const loginCodeVerifySchema = z
  .object({
    email: emailSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, fieldErrorMessages.code_format),
  })
  .meta({ id: 'LoginCodeVerify' });

export const authProviderSchema = z.object({ id: z.string(), name: z.string(), start_url: z.string() });
export const authProvidersSchema = z.array(authProviderSchema).meta({ id: 'AuthProviders' });
export type AuthProvider = z.infer<typeof authProviderSchema>;

/** Lifetimes and attempt limits of emailed secrets. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const RESET_RESEND_INTERVAL_MS = 10 * 60_000;
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

/** A token unused for this long stops working (its device signs in again). */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60_000;
/** No token works longer than this after sign-in, however often it is used. */
export const SESSION_MAX_AGE_MS = 180 * 24 * 60 * 60_000;

const providerParams = z.object({ provider: textSchema(50) });

/** The random secret (≥ 128 bits, URL-safe) a browser keeps while a third-party sign-in it started is under way. */
export const oidcBindingSchema = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'Invalid sign-in binding.');

/** How long the code a finished third-party sign-in hands the browser may be exchanged. */
export const OIDC_EXCHANGE_TTL_MS = 2 * 60_000;
const sessionParams = z.object({ id: idParamSchema });
const tag = 'auth';

export const authEndpoints = {
  signup: endpoint({
    method: 'POST',
    path: '/auth/signup/',
    access: 'public',
    summary: 'Create an account and sign in',
    tag,
    body: signupSchema,
    status: 201,
    response: sessionSchema,
    errors: [429],
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login/',
    access: 'public',
    summary: 'Sign in with email and password',
    tag,
    body: loginSchema,
    status: 200,
    response: sessionSchema,
    errors: [429],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout/',
    access: 'user',
    summary: 'Revoke the token in use',
    tag,
    status: 204,
    response: z.null(),
  }),
  passwordChange: endpoint({
    method: 'POST',
    path: '/auth/password/change/',
    access: 'user',
    summary: 'Change the password with the current one; signs out every other device',
    tag,
    body: passwordChangeSchema,
    status: 200,
    response: detailSchema,
    errors: [429],
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/auth/sessions/',
    access: 'user',
    summary: "The signed-in user's devices (live API tokens)",
    tag,
    status: 200,
    response: deviceSessionsSchema,
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/auth/sessions/:id/',
    access: 'user',
    summary: 'Sign one of your devices out',
    tag,
    params: sessionParams,
    status: 204,
    response: z.null(),
    errors: [404],
  }),
  revokeAllSessions: endpoint({
    method: 'POST',
    path: '/auth/sessions/revoke-all/',
    access: 'user',
    summary: 'Sign out everywhere, this device included',
    tag,
    status: 204,
    response: z.null(),
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/auth/password-reset/',
    access: 'public',
    summary: 'Email a single-use password reset link',
    tag,
    body: passwordResetRequestSchema,
    status: 200,
    response: detailSchema,
    errors: [404, 409, 429],
  }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: '/auth/password-reset/confirm/',
    access: 'public',
    summary: 'Set a new password with a reset token',
    tag,
    body: passwordResetConfirmSchema,
    status: 200,
    response: detailSchema,
    errors: [429],
  }),
  loginCode: endpoint({
    method: 'POST',
    path: '/auth/code/',
    access: 'public',
    summary: 'Email a six-digit sign-in code',
    tag,
    body: loginCodeRequestSchema,
    status: 200,
    response: detailSchema,
    errors: [404, 429],
  }),
  loginCodeVerify: endpoint({
    method: 'POST',
    path: '/auth/code/verify/',
    access: 'public',
    summary: 'Sign in with an emailed code',
    tag,
    body: loginCodeVerifySchema,
    status: 200,
    response: sessionSchema,
    errors: [429],
  }),
  providers: endpoint({
    method: 'GET',
    path: '/auth/providers/',
    access: 'public',
    summary: 'Third-party sign-in providers',
    tag,
    status: 200,
    response: authProvidersSchema,
  }),
  oidcStart: endpoint({
    method: 'GET',
    path: '/auth/oidc/:provider/start/',
    access: 'public',
    summary: "Redirect to the provider's sign-in page; `binding` is a secret the browser keeps for the exchange",
    tag,
    params: providerParams,
    query: z.object({ binding: oidcBindingSchema }),
    status: 302,
    response: z.string(),
    errors: [404],
  }),
  oidcExchange: endpoint({
    method: 'POST',
    path: '/auth/oidc/exchange/',
    access: 'public',
    summary: 'Trade the single-use code of a finished third-party sign-in (and the browser secret) for a token',
    tag,
    body: z.object({ code: textSchema(100).min(1), binding: oidcBindingSchema }),
    status: 200,
    response: sessionSchema,
  }),
  oidcCallback: endpoint({
    method: 'GET',
    path: '/auth/oidc/:provider/callback/',
    access: 'public',
    summary: 'Finish a third-party sign-in and redirect to the app',
    tag,
    params: providerParams,
    status: 302,
    response: z.string(),
  }),
};
