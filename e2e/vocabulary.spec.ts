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

test('a learner opens a word’s videos: one clip free, the player only after Play, the rest with Premium', async ({
  page,
}) => {
  // The real player needs the internet (closed here, open elsewhere, where it could log its own
  // errors): a stand-in answers for YouTube's embed, so the test is the same everywhere and
  // still proves that the page's CSP lets the frame load (a refused frame fails the test).
  const playerRequests: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    playerRequests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>player</title><p>stand-in player</p>',
    });
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpViaApi(page);
  await page.goto('/bulletin/1001');
  const family = page.getByTestId('word-10001');
  await family.getByRole('button', { name: 'Definition and example' }).click();

  // "family" has 2 clips (packages/content/data/a1-videos.jsonl); the free plan shows the first.
  const videos = family.getByRole('region', { name: 'Videos' });
  await expect(videos.getByTestId('word-video')).toHaveCount(1);
  await expect(videos).toContainText('On a recent family vacation, I pulled my family aside');
  await expect(videos).toContainText('Play loads the player from YouTube.');
  const more = videos.getByRole('button', { name: '1 more clip with Premium' });
  await expect(more).toBeVisible();
  // A facade: nothing is asked of the video's host before Play.
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(playerRequests).toEqual([]);

  await videos.getByRole('button', { name: 'Play' }).click();
  const player = videos.locator('iframe');
  await expect(player).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/RhqBZkAwh8c?start=12&end=21&rel=0&playsinline=1',
  );
  await expect(player).toHaveAttribute('title', /^On a recent family vacation/);
  await expect(player).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
  await expect(player).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  await expect(player).toBeFocused();
  await expect(videos.frameLocator('iframe').getByText('stand-in player')).toBeVisible();
  await expect(videos.getByRole('button', { name: 'Play' })).toHaveCount(0);

  await more.click();
  await expect(page.getByRole('dialog')).toContainText('This feature is only available for premium users.');
});
