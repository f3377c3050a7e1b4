import type { FastifyInstance } from 'fastify';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent, writeContentFile } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';
import { premiumSubscriptions } from '../../db/schema.ts';
import { importContentFiles } from './content-import.ts';

let app: FastifyInstance;

/** A garden category whose Turkish and Azerbaijani translations use ə ğ ı İ ş ç ö ü, and one without words. */
const GARDEN = { categoryId: 192, listId: 1921, emptyCategoryId: 193 } as const;
const gardenWords: [string, string, string, string, string][] = [
  // word, IPA, Turkish, Azerbaijani, Spanish
  ['garden', '/ˈɡɑːrdn/', 'bahçe', 'bağ', 'jardín'],
  ['tree', '/triː/', 'ağaç', 'ağac', 'árbol'],
  ['leaf', '/liːf/', 'yaprak', 'yarpaq', 'hoja'],
  ['sun', '/sʌn/', 'güneş', 'günəş', 'sol'],
  ['light', '/laɪt/', 'ışık', 'işıq', 'luz'],
  ['insect', '/ˈɪnsekt/', 'böcek', 'həşərat', 'insecto'],
  ['English', '/ˈɪŋɡlɪʃ/', 'İngilizce', 'İngilis dili', 'inglés'],
  ['flower', '/ˈflaʊər/', 'çiçek', 'çiçək', 'flor'],
  ['rain', '/reɪn/', 'yağmur', 'yağış', 'lluvia'],
  ['snow', '/snoʊ/', 'kar', 'qar', 'nieve'],
  ['soil', '/sɔɪl/', 'toprak', 'torpaq', 'tierra'],
  ['seed', '/siːd/', 'tohum', 'toxum', 'semilla'],
  ['root', '/ruːt/', 'kök', 'kök', 'raíz'],
  ['spring', '/sprɪŋ/', 'ilkbahar', 'yaz', 'primavera'],
  ['shade', '/ʃeɪd/', 'gölge', 'kölgə', 'sombra'],
];

function gardenContentLines(): string[] {
  const localized = (en: string, es: string, tr: string, az: string) => ({ en, es, tr, az });
  const rows: object[] = [
    {
      kind: 'category',
      id: GARDEN.categoryId,
      level: 'A2',
      order: 92,
      illustration: 'sunflower',
      title: localized('In the garden', 'En el jardín', 'Bahçede', 'Bağda'),
      description: localized('Plants and weather.', 'Plantas y tiempo.', 'Bitkiler ve hava.', 'Bitkilər və hava.'),
    },
    {
      kind: 'category',
      id: GARDEN.emptyCategoryId,
      level: 'A2',
      order: 93,
      illustration: 'seedling',
      title: localized('Coming soon', 'Pronto', 'Yakında', 'Tezliklə'),
      description: localized('No words yet.', 'Aún sin palabras.', 'Henüz kelime yok.', 'Hələ söz yoxdur.'),
    },
    {
      kind: 'list',
      id: GARDEN.listId,
      category: GARDEN.categoryId,
      order: 1,
      title: localized('Garden words', 'Palabras del jardín', 'Bahçe kelimeleri', 'Bağ sözləri'),
      words: gardenWords.map((_word, index) => 19201 + index),
    },
    ...gardenWords.map(([word, ipa, tr, az, es], index) => ({
      kind: 'word',
      id: 19201 + index,
      word,
      pos: 'noun',
      level: 'A2',
      ipa,
      definition: `the ${word} definition`,
      example: `We talk about the ${word} today.`,
      tr: [tr],
      es: [es],
      az: [az],
    })),
  ];
  return rows.map((row) => JSON.stringify(row));
}

beforeAll(async () => {
  app = await createTestApp();
  const { db } = await testDatabase();
  await seedSampleContent(db);
  const report = await importContentFiles(db, [writeContentFile('garden.jsonl', gardenContentLines())]);
  expect(report.problems).toEqual([]);
});
afterAll(() => app.close());

const pdfOf = (categoryId: number, token?: string) =>
  request(app, { method: 'GET', url: `/cyberapi/vocacategories/${categoryId}/pdf/`, token });

/** A signed-up learner with an active premium plan (inserted as a paid order would). */
async function premiumLearner(language: string) {
  const learner = await signUp(app, { native_language_code: language });
  const { db } = await testDatabase();
  await db.insert(premiumSubscriptions).values({
    userId: learner.user.id,
    plan: 'Month 1',
    startDate: new Date(Date.now() - 86_400_000),
    endDate: new Date(Date.now() + 30 * 86_400_000),
    paymentAmount: 9900,
  });
  return learner;
}

/** The text of every page, as a PDF reader extracts it (the embedded font's ToUnicode map), and the page sizes. */
async function readPdf(bytes: Buffer) {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const pages: { text: string; size: number[] }[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('')
      .replace(/[ \t]+/g, ' ');
    pages.push({ text, size: page.view.map((value) => Math.round(value)) });
  }
  await document.destroy();
  return pages;
}

describe('vocacategories/{id}/pdf/', () => {
  it('is documented in the OpenAPI document as an application/pdf answer with its errors', async () => {
    const document = (await request(app, { method: 'GET', url: '/cyberapi/docs/json' })).json();
    const operation = document.paths['/cyberapi/vocacategories/{id}/pdf/'].get;
    expect(operation.responses['200'].content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary', description: 'The PDF document' } },
    });
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
  });

  it('answers 401 to an anonymous visitor', async () => {
    const response = await pdfOf(SAMPLE.categoryId);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('refuses a free learner with 403 premium_required', async () => {
    const { token } = await signUp(app);
    const response = await pdfOf(SAMPLE.categoryId, token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'This feature is only available for premium users.',
      code: 'premium_required',
    });
  });

  it('refuses a learner whose plan has expired', async () => {
    const { token, user } = await signUp(app);
    const { db } = await testDatabase();
    await db.insert(premiumSubscriptions).values({
      userId: user.id,
      plan: 'Month 1',
      startDate: new Date(Date.now() - 40 * 86_400_000),
      endDate: new Date(Date.now() - 10 * 86_400_000),
    });
    expect((await pdfOf(SAMPLE.categoryId, token)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown category and 400 for a bad id', async () => {
    const { token } = await premiumLearner('tr');
    const response = await pdfOf(987_654, token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
    expect((await pdfOf(0, token)).statusCode).toBe(400);
  });

  it('answers 404 no_document for a category without words', async () => {
    const { token } = await premiumLearner('tr');
    const response = await pdfOf(GARDEN.emptyCategoryId, token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No document found for this category.', code: 'no_document' });
  });

  it('sends a premium learner the category as an A4 PDF attachment', async () => {
    const { token } = await premiumLearner('es');
    const response = await pdfOf(SAMPLE.categoryId, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="A1-sample-garden.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pages = await readPdf(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // A4 in points, every page.
    for (const page of pages) expect(page.size).toEqual([0, 0, 595, 842]);
    const first = pages[0]!.text;
    expect(first).toContain('VocaGarden');
    expect(first).toContain('Sample garden (es)');
    expect(first).toContain('Nivel A1');
    // Six lists of 15 words: premium learners get the premium lists too.
    expect(first).toContain('6 listas');
    expect(first).toContain('90 palabras');
    expect(first).toContain('Sample 1 (es)');
    expect(first).toMatch(/apple\s*sustantivo/);
    expect(first).toContain('manzana');
    expect(first).toContain('She eats an apple every day.');
    expect(first).toContain(`Página 1 de ${pages.length}`);
    expect(pages.map((page) => page.text).join('\n')).toContain('Sample 6 (es)');
  });

  it('prints Azerbaijani translations with ə, ğ, ı, İ and ş in the embedded font, and IPA', async () => {
    const { token } = await premiumLearner('az');
    const response = await pdfOf(GARDEN.categoryId, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="A2-in-the-garden.pdf"');
    const [page, ...rest] = await readPdf(response.rawPayload);
    expect(rest).toEqual([]);
    const text = page!.text;
    for (const letter of ['ə', 'ğ', 'ı', 'İ', 'ş', 'Ə', 'ç', 'ö', 'ü']) expect(text).toContain(letter);
    for (const word of ['Bağda', 'Bağ sözləri', 'günəş', 'işıq', 'həşərat', 'İngilis dili', 'yağış', 'kölgə']) {
      expect(text).toContain(word);
    }
    // Column labels are upper-cased the Azerbaijani way (i → İ), and IPA keeps its symbols.
    expect(text).toContain('TƏRCÜMƏSİ');
    expect(text).toContain('/ˈɪŋɡlɪʃ/');
    expect(text).toContain('/ʃeɪd/');
    expect(text).toContain('Səhifə 1 / 1');
  });

  it('prints Turkish translations for a Turkish learner', async () => {
    const { token } = await premiumLearner('tr');
    const [page] = await readPdf((await pdfOf(GARDEN.categoryId, token)).rawPayload);
    for (const word of ['Bahçede', 'ağaç', 'ışık', 'güneş', 'İngilizce', 'böcek', 'KELİME', '1 liste', '15 kelime']) {
      expect(page!.text).toContain(word);
    }
  });

  it('prints definitions instead of translations for English speakers', async () => {
    const { token } = await premiumLearner('en');
    const [page] = await readPdf((await pdfOf(GARDEN.categoryId, token)).rawPayload);
    expect(page!.text).toContain('In the garden');
    expect(page!.text).toContain('DEFINITION');
    expect(page!.text).toContain('the garden definition');
    expect(page!.text).not.toContain('günəş');
  });
});
