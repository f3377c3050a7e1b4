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

/** Word videos: short clips embedded from an allowed host, at most a minute, a few per word. */
export const videoProviders = ['youtube', 'vimeo'] as const;
export type VideoProvider = (typeof videoProviders)[number];
export const VIDEO_MAX_SECONDS = 60;
export const VIDEO_CAPTION_MAX = 200;
export const VIDEOS_MAX_PER_WORD = 5;
/** A video's id on its host: YouTube's 11 characters, Vimeo's digits. */
export const videoIdPatterns: Record<VideoProvider, RegExp> = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  vimeo: /^[0-9]{1,12}$/,
};
const seconds = z.number().int('must be whole seconds').min(0, 'must not be negative');

export const videoRowSchema = z
  .object({
    kind: z.literal('video'),
    word: id,
    provider: z.enum(videoProviders, { error: 'provider must be youtube or vimeo' }),
    video_id: z.string(),
    start: seconds,
    end: seconds,
    caption: text(VIDEO_CAPTION_MAX).refine((value) => !value.includes('\0'), 'must not contain NUL'),
    source: z.url({ protocol: /^https$/, error: 'must be an https URL' }).max(500),
  })
  .superRefine((row, context) => {
    const pattern = videoIdPatterns[row.provider] as RegExp | undefined;
    if (pattern && !pattern.test(row.video_id)) {
      const expected = row.provider === 'youtube' ? '11 characters A–Z a–z 0–9 _ -' : 'digits';
      context.addIssue({ code: 'custom', path: ['video_id'], message: `not a ${row.provider} video id (${expected})` });
    }
    if (row.end <= row.start) context.addIssue({ code: 'custom', path: ['end'], message: 'must be after start' });
    else if (row.end - row.start > VIDEO_MAX_SECONDS) {
      context.addIssue({ code: 'custom', path: ['end'], message: `the clip is longer than ${VIDEO_MAX_SECONDS} s` });
    }
  });

export const contentRowSchema = z.discriminatedUnion(
  'kind',
  [categoryRowSchema, listRowSchema, wordRowSchema, videoRowSchema],
  { error: 'kind must be category, list, word or video' },
);

export type CategoryRow = z.infer<typeof categoryRowSchema>;
export type ListRow = z.infer<typeof listRowSchema>;
export type WordRow = z.infer<typeof wordRowSchema>;
export type VideoRow = z.infer<typeof videoRowSchema>;
export type ContentRow = z.infer<typeof contentRowSchema>;
