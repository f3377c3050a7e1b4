import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface PracticeWord {
  the_word: string;
  translation: string;
}

/**
 * Answers the practice prompts by keyboard until the end screen: the translation for an English
 * word, the English word for a translation. `missTwice` names a word answered wrong twice first.
 */
export async function practise(page: Page, words: PracticeWord[], { missTwice }: { missTwice?: string } = {}) {
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
    await expect(page.getByTestId('study-feedback')).toBeVisible();
    await page.keyboard.press('Enter');
  }
  throw new Error('the session did not end');
}
