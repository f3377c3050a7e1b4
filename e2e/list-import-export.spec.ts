import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures.ts';

/** The downloaded file's name and its text, once the browser has saved it. */
async function saved(page: Page, start: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

test('a Spanish learner pastes words into an own list, sees the report, and downloads the list as CSV and for Anki', async ({
  page,
}) => {
  const { token } = await signUpViaApi(page, { native_language_code: 'es' });
  const created = await page.request.post('/cyberapi/vocabulletins/', {
    headers: { authorization: `Token ${token}` },
    data: { title: 'Mis saludos' },
  });
  expect(created.status()).toBe(201);
  const list = (await created.json()) as { id: number };

  await page.goto(`/bulletin/${list.id}`);
  await expect(page.getByRole('button', { name: 'Descargar' })).toBeDisabled();
  await page.getByRole('button', { name: 'Importar palabras' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar palabras' });
  await dialog.getByRole('textbox', { name: 'Palabras en inglés' }).fill('Hello\ngoodbye\nflibbertyzz');
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();

  const report = page.getByTestId('import-report');
  await expect(report.getByText('Se han añadido 2 palabras a la lista.')).toBeVisible();
  const notFound = report.getByRole('region', { name: 'No se ha encontrado 1 palabra' });
  await expect(notFound).toContainText('flibbertyzz');
  await expect(report.getByRole('region', { name: 'Añadidas' })).toContainText(/hello.*goodbye/);

  // A CSV file from a spreadsheet: the header row is skipped, a word already in the list is left alone.
  await page.getByRole('button', { name: 'Importar más' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'palabras.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('word,translation\r\nmother,madre\r\nhello,hola\r\n'),
  });
  await expect(dialog.getByText('Archivo: palabras.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(report.getByText('Se ha añadido 1 palabra a la lista.')).toBeVisible();
  await expect(report.getByRole('region', { name: '1 palabra ya estaba en la lista' })).toContainText('hello');
  await page.getByRole('button', { name: 'Hecho' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const words = page.getByRole('list', { name: 'Palabras' });
  await expect(words.getByTestId('word-10521')).toContainText('hola');
  await expect(words.getByTestId('word-10522')).toContainText('adiós');
  await expect(words.getByText('mother', { exact: true })).toBeVisible();
  await expect(page.getByText('3 palabras', { exact: true })).toBeVisible();

  const csv = await saved(page, async () => {
    await page.getByRole('button', { name: 'Descargar' }).click();
    await page.getByRole('menuitem', { name: /Archivo CSV/ }).click();
  });
  expect(csv.name).toBe('Mis saludos.csv');
  expect(csv.text.split('\r\n').slice(0, 3)).toEqual([
    '\uFEFFheadword,part_of_speech,level,ipa,translation,definition',
    'hello,interjection,A1,/həˈloʊ/,hola,a word that you say when you meet someone or answer the phone',
    'goodbye,interjection,A1,/ˌgʊdˈbaɪ/,adiós,a word that you say when you leave someone',
  ]);

  const anki = await saved(page, async () => {
    await page.getByRole('button', { name: 'Descargar' }).click();
    await page.getByRole('menuitem', { name: /Tarjetas de Anki/ }).click();
  });
  expect(anki.name).toBe('Mis saludos (Anki).txt');
  expect(anki.text.split('\n').slice(0, 6)).toEqual([
    '#separator:tab',
    '#html:false',
    '#notetype:Basic',
    '#columns:Front\tBack',
    'hello\thola · /həˈloʊ/',
    'goodbye\tadiós · /ˌgʊdˈbaɪ/',
  ]);
});
