import {
  cefrLevelSchema,
  isAllowedProfilePicture,
  DEFAULT_NATIVE_LANGUAGE,
  DEFAULT_TARGET_LANGUAGE,
  isUiLanguage,
  nativeLanguages,
  type CefrLevel,
  type User,
} from '@vocagarden/contract';
import type { UserRow } from './users.repository.ts';

const cefrLevels: ReadonlySet<string> = new Set(cefrLevelSchema.options);

/** The level the learner starts from; null until they said (sign-up or /welcome). */
export function startingLevelOf({ startingLevel }: Pick<UserRow, 'startingLevel'>): CefrLevel | null {
  // A set, not the schema's safeParse: every profile answer asks, and a failed parse builds an error.
  return startingLevel !== null && cefrLevels.has(startingLevel) ? (startingLevel as CefrLevel) : null;
}

/**
 * The API's user object; a profile without a native language is treated as Turkish (spec §9).
 * `premiumUntil` is the end of the premium the user has now, if any. `impersonatedBy` is the staff
 * member's email when the request came with an impersonation token.
 */
export function serializeUser(row: UserRow, premiumUntil: Date | null, impersonatedBy: string | null = null): User {
  const code = isUiLanguage(row.nativeLanguageCode) ? row.nativeLanguageCode : DEFAULT_NATIVE_LANGUAGE;
  const native = nativeLanguages.find((language) => language.code === code)!;
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    // A picture stored before the allow-list existed is not handed to any browser.
    profile_picture_uri: isAllowedProfilePicture(row.profilePictureUri) ? row.profilePictureUri : null,
    native_language: native.name,
    native_language_code: native.code,
    native_language_locale: native.locale,
    native_language_global: native.englishName,
    starting_level: startingLevelOf(row),
    learning_language: DEFAULT_TARGET_LANGUAGE.name,
    target_language_locale: DEFAULT_TARGET_LANGUAGE.locale,
    target_language_global: DEFAULT_TARGET_LANGUAGE.name,
    is_staff: row.isStaff,
    has_password: row.passwordHash !== null,
    is_premium: premiumUntil !== null,
    premium_until: premiumUntil?.toISOString() ?? null,
    impersonated_by: impersonatedBy,
  };
}
