import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idParamSchema, textSchema } from './primitives.ts';

export const cefrLevelSchema = z.enum(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
export type CefrLevel = z.infer<typeof cefrLevelSchema>;

export const levelSummarySchema = z
  .object({ level: cefrLevelSchema, categories: z.number().int(), lists: z.number().int(), words: z.number().int() })
  .meta({ id: 'LevelSummary' });
export type LevelSummary = z.infer<typeof levelSummarySchema>;

/** A list as cards show it (spec §3 Bulletin); lexicon is the dash-separated word ids. */
export const listSummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    graphic_uri: z.string(),
    alt: z.string(),
    lexicon: z.string(),
    quantity: z.number().int(),
    is_premium: z.boolean(),
  })
  .meta({ id: 'ListSummary' });
export type ListSummary = z.infer<typeof listSummarySchema>;

export const categorySchema = z
  .object({
    id: z.number().int(),
    level: cefrLevelSchema,
    order: z.number().int(),
    title: z.string(),
    description: z.string(),
    graphic_uri: z.string(),
    lists: z.array(listSummarySchema),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const translationsSchema = z.object({
  tr: z.array(z.string()),
  es: z.array(z.string()),
  az: z.array(z.string()),
});

/** A word with its translation in the caller's native language (null for English speakers). */
export const vocaSchema = z
  .object({
    id: z.number().int(),
    the_word: z.string(),
    pos: z.string(),
    level: cefrLevelSchema,
    ipa: z.string().nullable(),
    definition: z.string(),
    example: z.string(),
    translation: z.string().nullable(),
    /** Other accepted answers in the caller's language. */
    alternatives: z.array(z.string()),
    /**
     * Other headwords whose translations include `translation`: asked for the English of
     * `translation`, typing one of them is right too (empty for English speakers).
     */
    same_translation: z.array(z.string()),
    translations: translationsSchema.optional(),
  })
  .meta({ id: 'Voca' });
export type Voca = z.infer<typeof vocaSchema>;

const PROMPT_HINT_LENGTH = 60;

/**
 * The hint under a translation that two words of a list share: part of speech and the definition,
 * cut at a word near 60 characters ("noun · a female parent").
 */
export function promptHint(word: Pick<Voca, 'pos' | 'definition'>): string {
  const { definition } = word;
  const short =
    definition.length <= PROMPT_HINT_LENGTH
      ? definition
      : `${definition.slice(0, definition.lastIndexOf(' ', PROMPT_HINT_LENGTH)).replace(/[\s,;:]+$/, '')}…`;
  return `${word.pos} · ${short}`;
}

export const bulletinDetailSchema = listSummarySchema
  .extend({
    category_id: z.number().int().nullable(),
    level: cefrLevelSchema.nullable(),
    /** True when the caller owns this personal list. */
    is_owner: z.boolean(),
    words: z.array(vocaSchema),
  })
  .meta({ id: 'BulletinDetail' });
export type BulletinDetail = z.infer<typeof bulletinDetailSchema>;

export const translationsQuerySchema = z.object({
  /** `all` adds every language's translations to each word. */
  translations: z.enum(['all']).optional(),
});

/** A file answer's bytes (a Buffer on the server); documented as a binary string under its media type. */
export const pdfFileSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'Expected the bytes of a file')
  .meta({ type: 'string', format: 'binary', description: 'The PDF document' });

/**
 * The players a word video is embedded from (the CSP's `frame-src` allows exactly these origins):
 * YouTube's privacy-enhanced host, which sets no cookie until the video plays, and Vimeo.
 */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

export const videoProviderSchema = z.enum(['youtube', 'vimeo']);
export type VideoProvider = z.infer<typeof videoProviderSchema>;

/** One clip of a word: the player URL (built by the server, on an allowed host), its span and caption. */
export const wordVideoClipSchema = z
  .object({
    provider: videoProviderSchema,
    embed_url: z.url({
      protocol: /^https$/,
      hostname: /^(www\.youtube-nocookie\.com|player\.vimeo\.com)$/,
    }),
    /** Seconds into the video. */
    start: z.number().int(),
    end: z.number().int(),
    caption: z.string(),
  })
  .meta({ id: 'WordVideoClip' });
export type WordVideoClip = z.infer<typeof wordVideoClipSchema>;

/** As many clips as the caller's plan allows (free: the first), and how many the word has. */
export const wordVideosSchema = z
  .object({ clips: z.array(wordVideoClipSchema), total: z.number().int() })
  .meta({ id: 'WordVideos' });
export type WordVideos = z.infer<typeof wordVideosSchema>;

export const MAX_VOCA_IDS_PER_REQUEST = 5000;
const idParams = z.object({ id: idParamSchema });
const tag = 'vocabulary';

export const vocabularyEndpoints = {
  levels: endpoint({
    method: 'GET',
    path: '/vocalevels/',
    access: 'public',
    summary: 'CEFR levels with their counts',
    tag,
    status: 200,
    response: z.array(levelSummarySchema),
  }),
  categories: endpoint({
    method: 'GET',
    path: '/vocacategories/',
    access: 'optional',
    summary: 'Categories (of one level) with their lists',
    tag,
    query: z.object({ level: cefrLevelSchema.optional() }),
    status: 200,
    response: z.array(categorySchema),
  }),
  category: endpoint({
    method: 'GET',
    path: '/vocacategories/:id/',
    access: 'optional',
    summary: 'One category with its lists',
    tag,
    params: idParams,
    status: 200,
    response: categorySchema,
    errors: [404],
  }),
  /**
   * The category's official lists as an A4 word list in the caller's language (premium: 403
   * `premium_required` otherwise; 404 `no_document` when the category has no words). Sent as
   * an attachment named `<level>-<category-slug>.pdf`.
   */
  categoryPdf: endpoint({
    method: 'GET',
    path: '/vocacategories/:id/pdf/',
    access: 'user',
    summary: 'One category as a PDF word list (premium)',
    tag,
    params: idParams,
    status: 200,
    contentType: 'application/pdf',
    response: pdfFileSchema,
    errors: [403, 404, 429],
  }),
  vocas: endpoint({
    method: 'GET',
    path: '/vocas/',
    access: 'optional',
    summary: 'Words by id',
    tag,
    query: translationsQuerySchema.extend({
      ids: z
        .string()
        .max(MAX_VOCA_IDS_PER_REQUEST * 11)
        .regex(/^\d{1,10}(-\d{1,10})*$/, 'ids must be dash-separated word ids, e.g. 1-2-3'),
    }),
    status: 200,
    response: z.array(vocaSchema),
  }),
  /**
   * A word's video clips, cut to the caller's plan (free and anonymous: 1, premium: all); `total`
   * counts them all. 404 when the word does not exist or the caller may not read it (premium words).
   */
  videos: endpoint({
    method: 'GET',
    path: '/vocas/:id/videos/',
    access: 'optional',
    summary: 'A word’s video clips (as many as the plan allows)',
    tag,
    params: idParams,
    status: 200,
    response: wordVideosSchema,
    errors: [404],
  }),
  /**
   * Random words of one CEFR level among those the caller may read (premium: every word; free: the
   * words of their readable lists): the wrong options of Learn mode's multiple choice when a list
   * has too few words of a level.
   */
  levelSample: endpoint({
    method: 'GET',
    path: '/vocas/sample/',
    access: 'user',
    summary: 'Random readable words of one level (Learn mode’s wrong options)',
    tag,
    query: z.object({
      level: cefrLevelSchema,
      limit: z.coerce.number<string | number>().int().min(1).max(50).default(12),
    }),
    status: 200,
    response: z.array(vocaSchema),
  }),
  search: endpoint({
    method: 'GET',
    path: '/vocas/search/',
    access: 'optional',
    summary: 'Search words by headword or translation',
    tag,
    query: z.object({
      q: textSchema(50, { trim: true }).min(1),
      limit: z.coerce.number<string | number>().int().min(1).max(50).default(20),
    }),
    status: 200,
    response: z.array(vocaSchema),
  }),
};
