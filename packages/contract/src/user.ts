import { z } from 'zod';
import { languageCodeSchema, textSchema } from './primitives.ts';
import { profilePictureUriSchema } from './profile-picture.ts';
import { cefrLevelSchema } from './vocabulary.ts';

/** The user object from GET profile/ (spec §3). */
export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    profile_picture_uri: z.string().nullable(),
    native_language: z.string(),
    native_language_code: languageCodeSchema,
    native_language_locale: z.string(),
    native_language_global: z.string(),
    /** The CEFR level the learner starts from (sign-up or /welcome); null until they said. */
    starting_level: cefrLevelSchema.nullable(),
    learning_language: z.string(),
    target_language_locale: z.string(),
    target_language_global: z.string(),
    is_staff: z.boolean(),
    /** False for accounts created through a third-party sign-in; they confirm with an emailed code. */
    has_password: z.boolean(),
    /** A premium plan is active now (plans do not renew by themselves). */
    is_premium: z.boolean(),
    /** When premium ends, counting plans already bought to follow the current one; null when not premium. */
    premium_until: z.iso.datetime().nullable(),
    /**
     * Set when a staff member is viewing the app as this user (an impersonation token, decision
     * 015): the staff member's email, for the web's "Viewing as … — exit" banner. Null otherwise.
     */
    impersonated_by: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** The fields PATCH user/ accepts; anything else is ignored by design (not an error). */
export const userUpdateSchema = z
  .object({
    first_name: textSchema(150, { trim: true }),
    last_name: textSchema(150, { trim: true }),
    profile_picture_uri: profilePictureUriSchema.nullable(),
    native_language_code: languageCodeSchema,
    starting_level: cefrLevelSchema,
  })
  .partial()
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.infer<typeof userUpdateSchema>;
