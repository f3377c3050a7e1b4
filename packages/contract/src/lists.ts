import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorMessages } from './errors.ts';
import { idParamSchema, idSchema, NUL_MESSAGE, textSchema } from './primitives.ts';
import { MAX_RECORDS_PER_REQUEST } from './records.ts';
import { bulletinDetailSchema, cefrLevelSchema, listSummarySchema, translationsQuerySchema } from './vocabulary.ts';

/** Spec §9: free learners own up to 2 personal lists, premium learners up to 300. */
export const PERSONAL_LIST_LIMITS = { free: 2, premium: 300 } as const;

/** Sent as typed (spec §5), but never empty and at most 200 characters. */
export const listTitleSchema = textSchema(200).refine(
  (title) => title.trim().length > 0,
  'This field may not be blank.',
);

export const listTitleBodySchema = z.object({ title: listTitleSchema }).meta({ id: 'ListTitle' });

export const listWordsBodySchema = z
  .object({ voca_ids: z.array(idSchema).min(1).max(MAX_RECORDS_PER_REQUEST) })
  .meta({ id: 'ListWords' });

/** One import: at most this many headwords (lines or cells) … */
export const MAX_IMPORT_WORDS = 1000;
/** … in at most 64 KB of text (characters; a file is checked for bytes in the browser). */
export const MAX_IMPORT_TEXT_LENGTH = 64 * 1024;

/**
 * Headwords to import into an own list. `lines`: pasted text, every line and every comma-, tab- or
 * semicolon-separated cell is a headword. `csv`: a file's text, the first column of each row is a
 * headword and a header row (`word`, `headword`, `english` …) is skipped (decision 023).
 */
export const listImportBodySchema = z
  .object({
    text: z
      .string()
      .max(MAX_IMPORT_TEXT_LENGTH, errorMessages.import_too_long)
      .refine((text) => !text.includes('\0'), NUL_MESSAGE),
    format: z.enum(['lines', 'csv']).default('lines'),
  })
  .meta({ id: 'ListImport' });

export const importedWordSchema = z
  .object({ id: z.number().int(), the_word: z.string(), pos: z.string(), level: cefrLevelSchema })
  .meta({ id: 'ImportedWord' });
export type ImportedWord = z.infer<typeof importedWordSchema>;

/** What an import did, headword by headword (each once, in the order sent). */
export const listImportReportSchema = z
  .object({
    list: listSummarySchema,
    /** Now in the list, appended in the order sent. */
    added: z.array(importedWordSchema),
    /** Matched a word the list already had: nothing changed. */
    already_in_list: z.array(importedWordSchema),
    /** Matched a word the caller's plan does not include. */
    refused: z.array(importedWordSchema.extend({ reason: z.enum(['premium_required']) })),
    /** Headwords as sent (trimmed) that match no word of the catalogue. */
    not_found: z.array(z.string()),
  })
  .meta({ id: 'ListImportReport' });
export type ListImportReport = z.infer<typeof listImportReportSchema>;

const exportFileSchema = (description: string) => z.string().meta({ description });

const idParams = z.object({ id: idParamSchema });
const tag = 'lists';

export const listsEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/vocabulletins/',
    access: 'user',
    summary: "The user's personal lists",
    tag,
    status: 200,
    response: z.array(listSummarySchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/vocabulletins/',
    access: 'user',
    summary: 'Create a personal list (2 on the free plan, 300 on premium)',
    tag,
    body: listTitleBodySchema,
    status: 201,
    response: listSummarySchema,
    errors: [403],
  }),
  detail: endpoint({
    method: 'GET',
    path: '/vocabulletins/:id/',
    access: 'optional',
    summary: 'A list with its words: official, own, or shared into one of my classrooms',
    tag,
    params: idParams,
    query: translationsQuerySchema,
    status: 200,
    response: bulletinDetailSchema,
    errors: [403, 404],
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/vocabulletins/:id/',
    access: 'user',
    summary: 'Rename an own list',
    tag,
    params: idParams,
    body: listTitleBodySchema,
    status: 200,
    response: listSummarySchema,
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/vocabulletins/:id/',
    access: 'user',
    summary: 'Delete an own list (it leaves every classroom)',
    tag,
    params: idParams,
    status: 204,
    response: z.null(),
    errors: [404],
  }),
  addWords: endpoint({
    method: 'POST',
    path: '/vocabulletins/:id/words/',
    access: 'user',
    summary: 'Add words to an own list (in order, each once)',
    tag,
    params: idParams,
    body: listWordsBodySchema,
    status: 200,
    response: listSummarySchema,
    errors: [403, 404],
  }),
  removeWord: endpoint({
    method: 'DELETE',
    path: '/vocabulletins/:id/words/:vocaId/',
    access: 'user',
    summary: 'Remove a word from an own list',
    tag,
    params: z.object({ id: idParamSchema, vocaId: idParamSchema }),
    status: 200,
    response: listSummarySchema,
    errors: [404],
  }),
  importWords: endpoint({
    method: 'POST',
    path: '/vocabulletins/:id/import/',
    access: 'user',
    summary: 'Add words to an own list by English headword (pasted or from a CSV file), with a report',
    tag,
    params: idParams,
    body: listImportBodySchema,
    status: 200,
    response: listImportReportSchema,
    errors: [404],
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/vocabulletins/:id/export/csv/',
    access: 'user',
    summary: 'A readable list as CSV: headword, part of speech, level, IPA, translation, definition',
    tag,
    params: idParams,
    status: 200,
    contentType: 'text/csv',
    response: exportFileSchema('The list as CSV (UTF-8 with a byte order mark), one word a row after a header row'),
    errors: [403, 404],
  }),
  exportAnki: endpoint({
    method: 'GET',
    path: '/vocabulletins/:id/export/anki/',
    access: 'user',
    summary:
      'A readable list as an Anki text file: the English headword on the front, the translation and IPA on the back',
    tag,
    params: idParams,
    status: 200,
    contentType: 'text/plain',
    response: exportFileSchema('Tab-separated notes after Anki file headers (#separator:tab, #html:false …)'),
    errors: [403, 404],
  }),
};
