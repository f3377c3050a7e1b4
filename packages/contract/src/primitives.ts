import { z } from 'zod';
import { uiLanguages } from './languages.ts';

/** Ids are PostgreSQL `integer`s: anything outside 1…2³¹−1 cannot name a row. */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body. */
export const idSchema = z.number().int().positive().max(MAX_ID);

/** An id in a path or query string, where it arrives as text. */
export const idParamSchema = z.coerce.number<string | number>().int().positive().max(MAX_ID);

export const NUL_MESSAGE = 'Null characters are not allowed.';

/**
 * Every free-text field: bounded, and without NUL, which PostgreSQL text cannot store.
 * `trim` trims before the length check, as a form would.
 */
export function textSchema(maxLength: number, options: { trim?: boolean } = {}) {
  const base = options.trim ? z.string().trim() : z.string();
  return base
    .max(maxLength, `Ensure this field has no more than ${maxLength} characters.`)
    .refine((text) => !text.includes('\0'), NUL_MESSAGE);
}

/** An interface language's code (languages.ts keeps the list itself free of Zod, for the web's first page). */
export const languageCodeSchema = z.enum(uiLanguages);
