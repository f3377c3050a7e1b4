import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures.ts';

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

/** Answers the practice prompts by keyboard until the end screen; `missTwice` gets two wrong answers. */
async function practise(page: Page, words: Word[], missTwice: string) {
  const byTranslation = new Map(words.map((word) => [word.translation, word]));
  const misses = new Map<string, number>();
  for (let step = 0; step < 200; step += 1) {
    if (await page.getByTestId('study-end').isVisible()) return;
    const shownWord = page.getByTestId('study-word');
    const toNative = await shownWord.isVisible();
    const shown = toNative ? await shownWord.textContent() : await page.getByTestId('study-prompt').textContent();
    const word = toNative ? words.find((candidate) => candidate.the_word === shown)! : byTranslation.get(shown!)!;
    const missed = misses.get(word.the_word) ?? 0;
    const answer = word.the_word === missTwice && missed < 2 ? 'zzzz' : toNative ? word.translation : word.the_word;
    if (answer === 'zzzz') misses.set(word.the_word, missed + 1);
    await page.keyboard.type(answer);
    await page.keyboard.press('Enter');
    const feedback = page.getByTestId('study-feedback');
    await expect(feedback).toBeVisible();
    await page.keyboard.press('Enter');
  }
  throw new Error('the session did not end');
}

test('a learner studies a 20-word list by keyboard, sees progress and totals, and gets due reviews later', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const { token } = await signUpViaApi(page, { native_language_code: 'es' });
  const words = await listWords(page, token);
  expect(words).toHaveLength(20);

  await page.goto(`/bulletin/${LIST_ID}`);
  await page.getByRole('link', { name: 'Estudiar' }).click();
  await expect(page).toHaveURL(new RegExp(`/play/${LIST_ID}$`));

  // Sort: the first five are known (K), the rest are to learn (L).
  for (let index = 0; index < 20; index += 1) {
    await expect(page.getByTestId('study-word')).toHaveText(words[index]!.the_word);
    await page.keyboard.press(index < 5 ? 'k' : 'l');
  }
  // Teach: fifteen new words, Enter for the next one.
  for (let index = 5; index < 20; index += 1) {
    await expect(page.getByTestId('study-translation')).toHaveText(words[index]!.translation);
    await page.keyboard.press('Enter');
  }
  await practise(page, words, words[7]!.the_word);

  await expect(page.getByTestId('summary-learned')).toHaveText('19');
  await expect(page.getByTestId('summary-stillHard')).toHaveText('1');

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
    await page.keyboard.press(learn.has(shown) ? 'l' : 'k');
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
  // Two words of the list share the prompt: a hint tells which is meant.
  await expect(page.getByTestId('study-hint')).toContainText('noun ·');
  await page.keyboard.type('mother');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('study-feedback')).toContainText('Doğru!');
  await expect(page.getByTestId('study-also-correct')).toContainText('Diğer doğru cevaplar: mom');
});
