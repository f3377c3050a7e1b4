import { expect, signUpViaApi, test } from './fixtures.ts';

test('a Turkish learner browses A1 → a category → a list and sees Turkish translations', async ({ page }) => {
  await signUpViaApi(page, { native_language_code: 'tr' });
  await page.goto('/vocabulary');
  const total = await page.getByText(/A1'den C2'ye altı seviyede \d+ kelime/).textContent();
  expect(Number(total!.match(/(\d+) kelime/)![1])).toBeGreaterThanOrEqual(3000);

  await expect(page.getByRole('tab', { name: 'A1' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: /İnsanlar ve aile/ }).click();
  await expect(page).toHaveURL(/\/category\/101$/);
  await page.getByTestId('list-card-1001').click();
  await expect(page).toHaveURL(/\/bulletin\/1001$/);

  const family = page.getByTestId('word-10001');
  await expect(family).toContainText('family');
  await expect(family.getByTestId('translation')).toHaveText('aile');
  await family.getByRole('button', { name: 'Tanım ve örnek' }).click();
  await expect(family).toContainText('My family lives in a small town.');
  await expect(page.getByRole('link', { name: 'Çalış' })).toHaveAttribute('href', '/play/1001');
});

test('a free learner sees the fifth list of a level dimmed and gets the upsell', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/category/103');
  const fifth = page.getByTestId('list-card-1005');
  await expect(fifth).toHaveAttribute('data-locked', 'true');
  await expect(fifth).toHaveCSS('opacity', '0.55');
  await fifth.click();
  await expect(page.getByRole('dialog')).toContainText('This feature is only available for premium users.');
  await expect(page).toHaveURL(/\/category\/103$/);
  await page.goto('/category/102');
  await expect(page.getByTestId('list-card-1004')).toHaveAttribute('data-locked', 'false');
});

test('known and challenging marks update the list and its progress', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpViaApi(page);
  await page.goto('/bulletin/1001');
  const first = page.getByTestId('word-10001');
  await first.getByRole('button', { name: 'Mark as known' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(first.getByText('Known')).toBeVisible();
  await first.getByRole('button', { name: 'Mark as challenging' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(first.getByText('Challenging')).toBeVisible();
  await expect(first.getByText('Known')).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark all as known' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('All words have been marked as known!')).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();
  await page.reload();
  await expect(page.getByText('100%')).toBeVisible();
});

test('a free learner asking for the category PDF gets the premium upsell, not a file', async ({ page }) => {
  await signUpViaApi(page);
  // The plan is known before the click, so no request is refused (a refused request logs a console error).
  const plan = page.waitForResponse((response) => response.url().endsWith('/cyberapi/vocapremiumsubscription/'));
  await page.goto('/category/101');
  await plan;
  await expect(page.getByTestId('list-card-1001')).toBeVisible();
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByRole('dialog')).toContainText('This feature is only available for premium users.');
  await expect(page.getByRole('alert').filter({ hasText: 'released soon' })).toHaveCount(0);
  expect(downloads).toBe(0);
});
