import { MAX_IMPORT_TEXT_LENGTH, MAX_IMPORT_WORDS } from '@vocagarden/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { grantPremium, signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';
import { vocas } from '../../db/schema.ts';

/** Words 19001–19060 are in the sample's free lists, 19061–19090 only in its premium ones. */
const PREMIUM_WORD = 'sampleword19061';

/**
 * Words of this file only (levels the sample set has no category for, so no other test counts
 * them): a homograph, and a word whose every text would start a spreadsheet formula.
 */
const extraWords = [
  { id: 19_901, word: 'leadtest', pos: 'verb', level: 'B1', translation: 'yönetmek' },
  { id: 19_902, word: 'leadtest', pos: 'noun', level: 'C2', translation: 'kurşun' },
  { id: 19_903, word: 'Leadtest', pos: 'adjective', level: 'B2', translation: 'önde' },
  { id: 19_904, word: '=HYPERLINK("http://evil.test")', pos: 'noun', level: 'C2', translation: '+90 555' },
];

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  const { db } = await testDatabase();
  await seedSampleContent(db);
  await db
    .insert(vocas)
    .values(
      extraWords.map(({ id, word, pos, level, translation }) => ({
        id,
        word,
        pos,
        level,
        ipa: id === 19_904 ? null : '/ˈliːd/',
        definition: id === 19_904 ? '@SUM(1+1)' : `test sense ${id}`,
        example: `Example ${id}.`,
        translations: { tr: [translation, `${translation} 2`], es: [`es ${id}`], az: [`az ${id}`] },
        searchText: word.toLowerCase(),
      })),
    )
    .onConflictDoNothing();
});
afterAll(async () => {
  const { db } = await testDatabase();
  await db.delete(vocas).where(
    inArray(
      vocas.id,
      extraWords.map(({ id }) => id),
    ),
  );
  await app.close();
});

const post = (url: string, token: string | undefined, payload: object) =>
  request(app, { method: 'POST', url: `/cyberapi/${url}`, token, payload });
const get = (url: string, token?: string) => request(app, { method: 'GET', url: `/cyberapi/${url}`, token });

async function learner({ premium = false } = {}) {
  const session = await signUp(app, { native_language_code: 'tr' });
  if (premium) await grantPremium(session.user.id);
  const list = (await post('vocabulletins/', session.token, { title: 'Garden words' })).json() as { id: number };
  return { ...session, listId: list.id };
}

const importInto = (listId: number, token: string, text: string, format?: 'lines' | 'csv') =>
  post(`vocabulletins/${listId}/import/`, token, { text, ...(format ? { format } : {}) });

const wordIdsOf = async (listId: number, token: string) =>
  ((await get(`vocabulletins/${listId}/`, token)).json() as { words: { id: number }[] }).words.map(({ id }) => id);

describe('importing words into an own list', () => {
  it('matches pasted headwords case-insensitively, reports each kind once, and changes nothing the second time', async () => {
    const { token, listId } = await learner();
    await post(`vocabulletins/${listId}/words/`, token, { voca_ids: [SAMPLE.appleId] });
    const text = '  Apple \n1. sampleword19002, SAMPLEWORD19003\tno-such-word\r\n"sampleword19002";apple\n\n- Zzyzx\n';
    const first = await importInto(listId, token, text);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      list: expect.objectContaining({ id: listId, quantity: 3, lexicon: `${SAMPLE.appleId}-19002-19003` }),
      added: [
        { id: 19002, the_word: 'sampleword19002', pos: 'noun', level: 'A1' },
        { id: 19003, the_word: 'sampleword19003', pos: 'noun', level: 'A1' },
      ],
      already_in_list: [{ id: SAMPLE.appleId, the_word: 'apple', pos: 'noun', level: 'A1' }],
      refused: [],
      not_found: ['no-such-word', 'Zzyzx'],
    });

    const again = (await importInto(listId, token, text)).json();
    expect(again.added).toEqual([]);
    expect(again.already_in_list.map((word: { id: number }) => word.id)).toEqual([SAMPLE.appleId, 19002, 19003]);
    expect(again.list.lexicon).toBe(`${SAMPLE.appleId}-19002-19003`);
  });

  it('takes the first column of a CSV file, skipping a header row, with commas, semicolons or tabs', async () => {
    const { token, listId } = await learner();
    const comma = await importInto(
      listId,
      token,
      '\uFEFFWord,translation\r\n"sampleword19004","kelime, ""four"""\r\nsampleword19005,x\r\n',
      'csv',
    );
    expect(comma.json()).toMatchObject({ added: [{ id: 19004 }, { id: 19005 }], not_found: [] });
    const semicolon = await importInto(listId, token, 'headword;level\nsampleword19006;A1\n', 'csv');
    expect(semicolon.json()).toMatchObject({ added: [{ id: 19006 }], not_found: [] });
    const tab = await importInto(listId, token, 'sampleword19007\tA1\nsampleword19008\tA1\n', 'csv');
    expect(tab.json()).toMatchObject({ added: [{ id: 19007 }, { id: 19008 }], not_found: [] });
    // Pasted, "word" is a word to look for, not a header.
    expect((await importInto(listId, token, 'Word')).json().not_found).toEqual(['Word']);
  });

  it('imports an exported CSV file back: the header row is the export’s own', async () => {
    const { token, listId } = await learner();
    await post(`vocabulletins/${listId}/words/`, token, { voca_ids: [19010, SAMPLE.appleId] });
    const csv = (await get(`vocabulletins/${listId}/export/csv/`, token)).body;
    const other = (await post('vocabulletins/', token, { title: 'Copy' })).json() as { id: number };
    const report = (await importInto(other.id, token, csv, 'csv')).json();
    expect(report).toMatchObject({ not_found: [], list: { lexicon: `19010-${SAMPLE.appleId}` } });
  });

  it('picks one entry for a homograph: the lowest level, so the most common sense', async () => {
    const { token, listId } = await learner({ premium: true });
    const report = (await importInto(listId, token, 'LEADTEST\nleadtest')).json();
    expect(report.added).toEqual([{ id: 19_901, the_word: 'leadtest', pos: 'verb', level: 'B1' }]);
    expect(await wordIdsOf(listId, token)).toEqual([19_901]);
  });

  it('refuses words the free plan does not include, as adding them by id does, and adds them with premium', async () => {
    const free = await learner();
    const report = (await importInto(free.listId, free.token, `apple\n${PREMIUM_WORD}\nleadtest`)).json();
    expect(report).toMatchObject({
      added: [{ id: SAMPLE.appleId }],
      refused: [
        { id: 19061, the_word: PREMIUM_WORD, reason: 'premium_required' },
        { id: 19_901, reason: 'premium_required' },
      ],
      not_found: [],
    });
    expect(await wordIdsOf(free.listId, free.token)).toEqual([SAMPLE.appleId]);

    await grantPremium(free.user.id);
    const premium = (await importInto(free.listId, free.token, PREMIUM_WORD)).json();
    expect(premium).toMatchObject({ added: [{ id: 19061 }], refused: [] });
  });

  it('answers 400 with a clear message for nothing to import, too many words or too much text', async () => {
    const { token, listId } = await learner();
    const empty = await importInto(listId, token, ' \n , \n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Paste or choose at least one English word.', code: 'nothing_to_import' });
    expect((await importInto(listId, token, 'word\n', 'csv')).json().code).toBe('nothing_to_import');

    const many = await importInto(listId, token, Array.from({ length: MAX_IMPORT_WORDS + 1 }, () => 'a').join('\n'));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ detail: 'Import at most 1,000 words at a time.', code: 'too_many_words' });
    const justEnough = await importInto(listId, token, Array.from({ length: MAX_IMPORT_WORDS }, () => 'apple').join());
    expect(justEnough.statusCode).toBe(200);

    const long = await importInto(listId, token, 'a'.repeat(MAX_IMPORT_TEXT_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      text: ['This text is too long: import at most 64 KB at a time.'],
      field_codes: { text: ['too_long'] },
    });
    expect((await post(`vocabulletins/${listId}/import/`, token, { text: 'apple', format: 'xlsx' })).statusCode).toBe(
      400,
    );
    // A cell longer than any headword is reported, shortened, and never looked up.
    const huge = (await importInto(listId, token, 'b'.repeat(5000))).json();
    expect(huge.not_found).toEqual(['b'.repeat(100)]);
    expect(await wordIdsOf(listId, token)).toEqual([SAMPLE.appleId]);
  });

  it('answers 404 for a list the caller does not own, and leaves it unchanged', async () => {
    const owner = await learner();
    const stranger = await learner();
    expect((await importInto(owner.listId, stranger.token, 'apple')).statusCode).toBe(404);
    expect((await importInto(SAMPLE.freeListId, stranger.token, 'apple')).statusCode).toBe(404);
    expect((await post(`vocabulletins/${owner.listId}/import/`, undefined, { text: 'apple' })).statusCode).toBe(401);
    expect(await wordIdsOf(owner.listId, owner.token)).toEqual([]);
  });
});

describe('exporting a list', () => {
  it('gives CSV with a header, the reader’s translations and a file named after the list', async () => {
    const { token, listId } = await learner();
    await post(`vocabulletins/${listId}/words/`, token, { voca_ids: [SAMPLE.appleId, 19002] });
    const response = await get(`vocabulletins/${listId}/export/csv/`, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Garden words.csv"; filename*=UTF-8''Garden%20words.csv`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFFheadword,part_of_speech,level,ipa,translation,definition',
      'apple,noun,A1,,elma,a round fruit',
      'sampleword19002,noun,A1,,kelime19002,test definition 19002',
      '',
    ]);
  });

  it('gives an Anki text file: headers, then the headword and its translation with IPA, tab-separated', async () => {
    const { token, listId } = await learner({ premium: true });
    await post(`vocabulletins/${listId}/words/`, token, { voca_ids: [SAMPLE.appleId, 19_901] });
    await request(app, {
      method: 'PATCH',
      url: `/cyberapi/vocabulletins/${listId}/`,
      token,
      payload: { title: 'Günlük: "kelimeler"' },
    });
    const response = await get(`vocabulletins/${listId}/export/anki/`, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Gunluk kelimeler (Anki).txt"; filename*=UTF-8''G%C3%BCnl%C3%BCk%20kelimeler%20%28Anki%29.txt`,
    );
    expect(response.body.split('\n')).toEqual([
      '#separator:tab',
      '#html:false',
      '#notetype:Basic',
      '#columns:Front\tBack',
      'apple\telma',
      'leadtest\työnetmek, yönetmek 2 · /ˈliːd/',
      '',
    ]);
  });

  it('prefixes CSV cells that would start a spreadsheet formula, and leaves Anki cards as they are', async () => {
    const { token, listId } = await learner({ premium: true });
    await post(`vocabulletins/${listId}/words/`, token, { voca_ids: [19_904] });
    const csv = (await get(`vocabulletins/${listId}/export/csv/`, token)).body.split('\r\n');
    expect(csv[1]).toBe(`"'=HYPERLINK(""http://evil.test"")",noun,C2,,"'+90 555, +90 555 2",'@SUM(1+1)`);
    const anki = (await get(`vocabulletins/${listId}/export/anki/`, token)).body.split('\n');
    expect(anki[4]).toBe('"=HYPERLINK(""http://evil.test"")"\t+90 555, +90 555 2');
  });

  it('follows the rule for opening the list: shared lists for members, premium lists for premium, 404 for others', async () => {
    const owner = await learner();
    const member = await learner();
    const outsider = await learner();
    await post(`vocabulletins/${owner.listId}/words/`, owner.token, { voca_ids: [SAMPLE.appleId] });
    const classroom = (await post('vocaclassroom/', owner.token, { name: 'Class', description: '' })).json();
    await post('vocaclassroom/join/', member.token, { pin: classroom.classroom_pin });
    await post('vocaclassroom/manage_shared/', owner.token, {
      pin: classroom.classroom_pin,
      checked_items: [owner.listId],
    });
    for (const format of ['csv', 'anki']) {
      const url = (id: number) => `vocabulletins/${id}/export/${format}/`;
      expect((await get(url(owner.listId), member.token)).statusCode).toBe(200);
      expect((await get(url(owner.listId), outsider.token)).statusCode).toBe(404);
      expect((await get(url(member.listId), owner.token)).statusCode).toBe(404);
      expect((await get(url(owner.listId))).statusCode).toBe(401);
      expect((await get(url(SAMPLE.freeListId), outsider.token)).statusCode).toBe(200);
      const locked = await get(url(SAMPLE.premiumListId), outsider.token);
      expect(locked.statusCode).toBe(403);
      expect(locked.json()).toEqual({
        detail: 'This feature is only available for premium users.',
        code: 'premium_required',
      });
      expect((await get(url(999_999), owner.token)).statusCode).toBe(404);
    }
  });
});
