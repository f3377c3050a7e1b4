import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { practise } from './practice.ts';

/** A free B2 list with exactly 20 words. */
const LIST_ID = 4001;

interface Word {
  id: number;
  the_word: string;
  translation: string;
  alternatives: string[];
}

async function listWords(page: Page, token: string): Promise<Word[]> {
  const response = await page.request.get(`/cyberapi/vocabulletins/${LIST_ID}/`, {
    headers: { authorization: `Token ${token}` },
  });
  return ((await response.json()) as { words: Word[] }).words;
}

test('a learner studies a 20-word list by keyboard, sees progress and totals, and gets due reviews later', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const { token } = await signUpViaApi(page, { native_language_code: 'es' });
  const words = await listWords(page, token);
  expect(words).toHaveLength(20);

  await page.goto(`/bulletin/${LIST_ID}`);
  await page.getByRole('link', { name: 'Estudiar' }).click();
  await expect(page).toHaveURL(new RegExp(`/play/${LIST_ID}$`));

  // Sort: the first five are known (→), the rest are to learn (←).
  for (let index = 0; index < 20; index += 1) {
    await expect(page.getByTestId('study-word')).toHaveText(words[index]!.the_word);
    await page.keyboard.press(index < 5 ? 'ArrowRight' : 'ArrowLeft');
  }
  // Teach: fifteen new words, Enter for the next one.
  for (let index = 5; index < 20; index += 1) {
    await expect(page.getByTestId('study-translation')).toHaveText(words[index]!.translation);
    await page.keyboard.press('Enter');
  }
  await practise(page, words, { missTwice: words[7]!.the_word });

  // The fifteen practised words are proven; the five sorted as known were only marked.
  await expect(page.getByTestId('summary-proven')).toHaveText('15');
  await expect(page.getByTestId('summary-markedKnown')).toHaveText('5');
  await expect(page.getByTestId('summary-stillHard')).toHaveText('1');
  // Each label agrees with its number.
  await expect(page.getByText('palabras demostradas en la práctica', { exact: true })).toBeVisible();
  await expect(page.getByText('palabra aún difícil', { exact: true })).toBeVisible();

  await page.goto(`/bulletin/${LIST_ID}`);
  await expect(page.getByText('95%')).toBeVisible();
  await page.goto('/home');
  await expect(page.getByTestId('total-learned')).toHaveText('19');
  await expect(page.getByTestId('total-difficult')).toHaveText('1');
  await expect(page.getByTestId('streak')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('total-learned')).toHaveText('19');
  await expect(page.getByTestId('due-reviews')).toHaveCount(0);

  // A month later (the server's clock moves; nobody sleeps) the words are due for review.
  const clock = await page.request.post('/cyberapi/dev/clock/', { data: { advance_ms: 30 * 86_400_000 } });
  expect(clock.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('due-reviews')).toContainText('20');
  await page.getByRole('link', { name: 'Repasar ahora' }).click();
  await expect(page).toHaveURL(/\/play\/review$/);
  await expect(page.getByText('Escribe la traducción')).toBeVisible();

  // The review's end screen says what it did, and its button says where it goes.
  await practise(page, words, { missTwice: words[3]!.the_word });
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Repaso terminado');
  await expect(page.getByTestId('summary-reviewed')).toHaveText('20');
  await expect(page.getByTestId('summary-remembered')).toHaveText('19');
  await expect(page.getByTestId('summary-toRepeat')).toHaveText('1');
  await expect(page.getByText('palabras repasadas', { exact: true })).toBeVisible();
  await expect(page.getByText('palabra para repetir pronto', { exact: true })).toBeVisible();
  const home = page.getByRole('link', { name: 'Volver al inicio' });
  await expect(home).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
});

test('a Turkish learner who types "mother" for "anne" is right, and is told "mom" is right too', async ({ page }) => {
  // The free "People and pronouns" list teaches both words for anne.
  const listId = 1028;
  await signUpViaApi(page, { native_language_code: 'tr' });
  await page.goto(`/play/${listId}`);
  const learn = new Set(['mother', 'mom']);
  const sortWord = page.getByTestId('study-word');
  await expect(sortWord).toBeVisible();
  while (await page.getByText('Bu kelimeyi biliyor musun?').isVisible()) {
    const shown = (await sortWord.textContent())!;
    await page.keyboard.press(learn.has(shown) ? 'ArrowLeft' : 'ArrowRight');
    await expect(sortWord).not.toHaveText(shown);
  }
  for (let taught = 0; taught < learn.size; taught += 1) {
    await expect(page.getByTestId('study-translation')).toBeVisible();
    await page.keyboard.press('Enter');
  }

  // Practice asks for the translation of each, then the English word for "anne".
  for (let step = 0; step < 2; step += 1) {
    await expect(page.getByTestId('study-word')).toBeVisible();
    await page.keyboard.type('anne');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('study-feedback')).toContainText('Doğru!');
    await page.keyboard.press('Enter');
  }
  await expect(page.getByText('İngilizce kelimeyi yaz')).toBeVisible();
  await expect(page.getByTestId('study-prompt')).toHaveText('anne');
  // Two words of the list share the prompt: a hint tells which is meant (its part of speech in Turkish).
  await expect(page.getByTestId('study-hint')).toContainText('isim ·');
  await page.keyboard.type('mother');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('study-feedback')).toContainText('Doğru!');
  await expect(page.getByTestId('study-also-correct')).toContainText('Diğer doğru cevaplar: mom');
});

test.describe('the play page without a session to run', () => {
  // One pattern: Playwright reads a two-item array as [value, options].
  test.use({ expectedConsoleErrors: [/status of 40[34]/] });

  test('a locked, a missing and an empty list each say why and lead back, at both sizes', async ({ page }) => {
    const { token } = await signUpViaApi(page);
    const created = await page.request.post('/cyberapi/vocabulletins/', {
      data: { title: 'Someday' },
      headers: { authorization: `Token ${token}` },
    });
    const empty = (await created.json()) as { id: number };
    const onlyHeading = page.getByRole('heading', { level: 1 });

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      // A premium list, for a free learner.
      await page.goto('/play/1005');
      await expect(page.getByRole('main')).toBeVisible();
      await expect(onlyHeading).toHaveText('This list is part of Premium');
      await expect(page.getByText('This feature is only available for premium users.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'See plans' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to vocabulary' }).click();
      await expect(page).toHaveURL(/\/vocabulary$/);

      await page.goto('/play/999999');
      await expect(onlyHeading).toHaveText('This list does not exist');
      await page.getByRole('link', { name: 'Back to home' }).click();
      await expect(page).toHaveURL(/\/home$/);

      // An empty list says so, in both modes, and never "Well done!".
      for (const mode of ['', '?mode=learn']) {
        await page.goto(`/play/${empty.id}${mode}`);
        await expect(onlyHeading).toHaveText('“Someday” is empty');
        await expect(page.getByText('This list has no words yet. Add some on the list’s page')).toBeVisible();
        await expect(page.getByText('Well done!')).toHaveCount(0);
        await page.getByRole('link', { name: 'Back to the list' }).click();
        await expect(page).toHaveURL(new RegExp(`/bulletin/${empty.id}$`));
      }
    }
  });
});

test('leaving a session mid-way asks first; a finished one leaves at once, by Enter', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page);
  const playUrl = new RegExp(`/play/${LIST_ID}$`);
  const listUrl = new RegExp(`/bulletin/${LIST_ID}$`);
  await page.goto(`/bulletin/${LIST_ID}`);
  await page.getByRole('link', { name: 'Study', exact: true }).click();
  await expect(page).toHaveURL(playUrl);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const progress = page.getByRole('progressbar', { name: 'Session progress' });
  await expect(progress).toHaveAttribute('aria-valuetext', 'Word 1 of 20');

  // The arrow keys sort (← learn it, → I know it), in every language.
  await page.keyboard.press('ArrowLeft');
  await expect(progress).toHaveAttribute('aria-valuetext', 'Word 2 of 20');

  const close = page.getByRole('link', { name: 'Close the session' });
  const dialog = page.getByRole('dialog');
  await close.click();
  await expect(dialog).toContainText('Leave the session?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(playUrl);
  await expect(progress).toHaveAttribute('aria-valuetext', 'Word 2 of 20');

  // The browser's Back asks too.
  await page.evaluate(() => history.back());
  await expect(dialog).toContainText('Leave the session?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(playUrl);
  await expect(progress).toHaveAttribute('aria-valuetext', 'Word 2 of 20');
  // …and leaves when told to, to where Back was going.
  await page.evaluate(() => history.back());
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Study', exact: true }).click();
  // A key pressed before the session is drawn has nothing to sort.
  await expect(progress).toHaveAttribute('aria-valuetext', 'Word 1 of 20');
  await page.keyboard.press('ArrowLeft');
  await expect(progress).toHaveAttribute('aria-valuetext', 'Word 2 of 20');
  await close.click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(listUrl);

  // A finished session: every word marked known, which proves none; focus is on the way out.
  await page.getByRole('link', { name: 'Study', exact: true }).click();
  for (let index = 1; index <= 20; index += 1) {
    await expect(progress).toHaveAttribute('aria-valuetext', `Word ${index} of 20`);
    await page.keyboard.press('ArrowRight');
  }
  await expect(page.getByTestId('summary-markedKnown')).toHaveText('20');
  await expect(page.getByTestId('summary-proven')).toHaveText('0');
  await expect(page.getByText('words proven in practice', { exact: true })).toBeVisible();
  const back = page.getByRole('link', { name: 'Back to the list' });
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(listUrl);
  await expect(dialog).toHaveCount(0);
});
