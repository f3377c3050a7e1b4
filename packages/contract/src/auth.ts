import { z } from 'zod';
import { languageCodeSchema } from './languages.ts';
import { userSchema } from './user.ts';

export const emailSchema = z
  .email()
  .max(254)
  .transform((email) => email.trim().toLowerCase());

export const signupSchema = z
  .object({
    email: emailSchema,
    password: z.string().max(128),
    first_name: z.string().trim().max(150).default(''),
    last_name: z.string().trim().max(150).default(''),
    native_language_code: languageCodeSchema.optional(),
    accept_terms: z.literal(true, { error: 'You must accept the terms and privacy policy.' }),
  })
  .meta({ id: 'Signup' });
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({ email: emailSchema, password: z.string().max(128) }).meta({ id: 'Login' });
export type LoginInput = z.input<typeof loginSchema>;

export const sessionSchema = z
  .object({ token: z.string(), user: userSchema })
  .meta({ id: 'Session', description: 'A new API token and its user' });
export type Session = z.infer<typeof sessionSchema>;
