import { z } from 'zod';

/**
 * Profile pictures are fetched by classmates' browsers, so an address of the learner's choosing
 * would let anyone track a class (or show anything). Only https pictures from these avatar
 * services are kept; anything else is refused on input and left out on output.
 */
export const PROFILE_PICTURE_HOSTS = [
  'www.gravatar.com',
  'secure.gravatar.com',
  'lh3.googleusercontent.com',
  'avatars.githubusercontent.com',
] as const;

export function isAllowedProfilePicture(uri: string | null | undefined): uri is string {
  if (!uri) return false;
  try {
    const url = new URL(uri);
    return (
      url.protocol === 'https:' &&
      !url.username &&
      !url.password &&
      !url.port &&
      (PROFILE_PICTURE_HOSTS as readonly string[]).includes(url.hostname)
    );
  } catch {
    return false;
  }
}

export const profilePictureUriSchema = z
  .string()
  .max(2000)
  .refine(isAllowedProfilePicture, 'Use an https picture from Gravatar, Google or GitHub.');
