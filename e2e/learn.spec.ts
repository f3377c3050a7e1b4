import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures.ts';

interface Word {
  id: number;
  the_word: string;
  translation: string;
}

/** "hello" and "goodbye" (A1): too few for four options, so the other options are fetched A1 words. */
const WORD_IDS = [10521, 10522];

/** Picks an option by its number key: the right one, or the first wrong one. */
async function choose(page: Page, word: Word, right: boolean) {
  const options = page.getByTestId('learn-options').getByRole('button');
  await expect(options).toHaveCount(4);
  // Each option reads "<n><text>": its number, then the translation.
  const texts = (await options.allTextContents()).map((text) => text.replace(/^\d/, ''));
  expect(texts).toContain(word.translation);
  const index = texts.findIndex((text) => (text === word.translation) === right);
  await page.keyboard.press(String(index + 1));
  await expect(page.getByTestId('study-feedback')).toContainText(right ? '¡Correcto!' : 'No exactamente');
  await page.keyboard.press('Enter');
}

/** Types the English word for the translation shown, and returns the review answer it sent. */
async function type(page: Page, word: Word, answer: string) {
  await expect(page.getByTestId('study-prompt')).toHaveText(word.translation);
  await page.keyboard.type(answer);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('study-feedback')).toBeVisible();
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/cyberapi/reviews/') && response.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  const response = await sent;
  expect(response.ok()).toBe(true);
  return response.request().postDataJSON() as { voca_id: number; grade: string };
}

for (const width of [375, 1280]) {
  test(`Learn mode moves a word from choice to typing to proven (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const { token } = await signUpViaApi(page, { native_language_code: 'es' });
    const headers = { authorization: `Token ${token}` };
    const list = (await (
      await page.request.post('/cyberapi/vocabulletins/', { data: { title: 'Saludos' }, headers })
    ).json()) as { id: number };
    await page.request.post(`/cyberapi/vocabulletins/${list.id}/words/`, { data: { voca_ids: WORD_IDS }, headers });
    const detail = await page.request.get(`/cyberapi/vocabulletins/${list.id}/`, { headers });
    const words = ((await detail.json()) as { words: Word[] }).words;
    const shownWord = async () => {
      const text = await page.getByTestId('study-word').textContent();
      return words.find((word) => word.the_word === text)!;
    };

    // Learn starts from the list page (beside Study) or from the typing session's page.
    if (width === 375) {
      await page.goto(`/bulletin/${list.id}`);
      await page.getByRole('link', { name: 'Aprender' }).click();
    } else {
      await page.goto(`/play/${list.id}`);
      await page.getByRole('link', { name: 'Cambiar al modo Aprender' }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/play/${list.id}\\?mode=learn$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aprender: Saludos');
    await expect(page.getByText('Elige la traducción')).toBeVisible();

    // The first word: a wrong choice; it comes back after the other word.
    const first = await shownWord();
    const second = words.find((word) => word.id !== first.id)!;
    await choose(page, first, false);
    await expect(page.getByTestId('study-word')).toHaveText(second.the_word);
    await choose(page, second, true);
    await expect(page.getByTestId('study-word')).toHaveText(first.the_word);
    await choose(page, first, true);

    // Recognised, the second word is typed; right, it is proven (and the server hears "good").
    expect(await type(page, second, second.the_word)).toEqual({ voca_id: second.id, grade: 'good' });
    await expect(page.getByText('1 de 2 palabras demostradas')).toBeVisible();

    // A wrong recall sends the first word back to the choice, then on to typing and proof.
    expect(await type(page, first, 'zzzz')).toEqual({ voca_id: first.id, grade: 'again' });
    await expect(page.getByText('Elige la traducción')).toBeVisible();
    await expect(page.getByTestId('study-word')).toHaveText(first.the_word);
    await choose(page, first, true);
    expect(await type(page, first, first.the_word)).toEqual({ voca_id: first.id, grade: 'good' });

    await expect(page.getByTestId('summary-proven')).toHaveText('2');
    await expect(page.getByTestId('summary-stillHard')).toHaveText('1');
    await expect(page.getByTestId('summary-accuracy')).toHaveText('67%');
    const back = page.getByRole('link', { name: 'Volver a la lista' });
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/bulletin/${list.id}$`));
  });
}
