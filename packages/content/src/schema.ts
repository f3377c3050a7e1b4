import { z } from 'zod';

export const cefrLevels = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type CefrLevel = (typeof cefrLevels)[number];
export const translationLanguages = ['tr', 'es', 'az'] as const;
export type TranslationLanguage = (typeof translationLanguages)[number];

export const partsOfSpeech = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'pronoun',
  'preposition',
  'conjunction',
  'determiner',
  'number',
  'interjection',
  'phrasal verb',
  'phrase',
] as const;

export const illustrations = [
  'seedling',
  'sprout',
  'leaf',
  'flower',
  'tulip',
  'sunflower',
  'rose',
  'tree',
  'oak',
  'palm',
  'cactus',
  'mushroom',
  'watering-can',
  'bee',
  'butterfly',
  'ladybug',
  'snail',
  'bird',
  'sun',
  'rain-cloud',
  'basket',
  'fence',
  'greenhouse',
  'pond',
  'pot',
  'wheelbarrow',
  'acorn',
  'apple-tree',
  'carrot',
  'beehive',
] as const;

/** Lists hold 15 to 30 words; within a level the first 4 lists are free. */
export const LIST_MIN_WORDS = 15;
export const LIST_MAX_WORDS = 30;
export const FREE_LISTS_PER_LEVEL = 4;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const localized = (max: number) => z.object({ en: text(max), es: text(max), tr: text(max), az: text(max) });
const translations = z.array(text(100), { error: 'missing translation' }).min(1, 'missing translation').max(8);
const id = z.number().int().positive();

export const levelSchema = z.enum(cefrLevels, { error: (issue) => `unknown level ${JSON.stringify(issue.input)}` });

export const categoryRowSchema = z.object({
  kind: z.literal('category'),
  id,
  level: levelSchema,
  order: z.number().int().min(1),
  illustration: z.enum(illustrations),
  title: localized(120),
  description: localized(500),
});

export const listRowSchema = z.object({
  kind: z.literal('list'),
  id,
  category: id,
  order: z.number().int().min(1),
  title: localized(200),
  words: z.array(id),
});

export const wordRowSchema = z.object({
  kind: z.literal('word'),
  id,
  word: text(100),
  pos: z.enum(partsOfSpeech),
  level: levelSchema,
  ipa: z.string().trim().max(100).optional(),
  definition: text(500),
  example: text(500),
  tr: translations,
  es: translations,
  az: translations,
});

export const contentRowSchema = z.discriminatedUnion('kind', [categoryRowSchema, listRowSchema, wordRowSchema], {
  error: 'kind must be category, list or word',
});

export type CategoryRow = z.infer<typeof categoryRowSchema>;
export type ListRow = z.infer<typeof listRowSchema>;
export type WordRow = z.infer<typeof wordRowSchema>;
export type ContentRow = z.infer<typeof contentRowSchema>;
