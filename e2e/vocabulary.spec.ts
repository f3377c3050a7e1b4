import { expect, expectNotice, signUpViaApi, test } from './fixtures.ts';

test('a Turkish learner browses A1 → a category → a list and sees Turkish translations', async ({ page }) => {
  await signUpViaApi(page, { native_language_code: 'tr' });
  await page.goto('/vocabulary');
  const total = await page.getByText(/A1'den C2'ye altı seviyede \d+ kelime/).textContent();
  expect(Number(total!.match(/(\d+) kelime/)![1])).toBeGreaterThanOrEqual(13_000);

  await expect(page.getByRole('tab', { name: 'A1' })).toHaveAttribute('aria-selected', 'true');
  // The first lesson of A1 (free) starts with greetings.
  await page.getByRole('link', { name: /İlk adımlar/ }).click();
  await expect(page).toHaveURL(/\/category\/113$/);
  await page.getByTestId('list-card-1001').click();
  await expect(page).toHaveURL(/\/bulletin\/1001$/);

  const hello = page.getByTestId('word-10521');
  await expect(hello).toContainText('hello');
  await expect(hello.getByTestId('translation')).toHaveText('merhaba');
  await hello.getByRole('button', { name: 'Tanım ve örnek' }).click();
  await expect(hello).toContainText('Hello, how are you?');
  await expect(page.getByRole('link', { name: 'Çalış' })).toHaveAttribute('href', '/play/1001');
});

test('a free learner sees a premium list dimmed and gets the upsell', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/category/103');
  const premiumList = page.getByTestId('list-card-1005');
  await expect(premiumList).toHaveAttribute('data-locked', 'true');
  await expect(premiumList.getByRole('img')).toHaveCSS('opacity', '0.55');
  await premiumList.click();
  await expect(page.getByRole('dialog')).toContainText('This feature is only available for premium users.');
  await expect(page).toHaveURL(/\/category\/103$/);
  await page.goto('/category/113');
  await expect(page.getByTestId('list-card-1001')).toHaveAttribute('data-locked', 'false');
});

test('known and challenging marks update the list and its progress', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpViaApi(page);
  await page.goto('/bulletin/1001');
  const first = page.getByTestId('word-10521');
  // On a phone the marks are in the row's menu.
  const choose = async (action: string) => {
    await first.getByRole('button', { name: 'Actions for “hello”' }).click();
    await page.getByRole('menuitem', { name: action }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  };
  await choose('Mark as known');
  await expect(first.getByText('Known')).toBeVisible();
  await choose('Mark as challenging');
  await expect(first.getByText('Challenging')).toBeVisible();
  await expect(first.getByText('Known')).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark all as known' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expectNotice(page, 'All words have been marked as known!');
  await expect(page.getByText('100%')).toBeVisible();
  await page.reload();
  await expect(page.getByText('100%')).toBeVisible();
});

test('a free learner asking for the category PDF gets the premium upsell, not a file', async ({ page }) => {
  await signUpViaApi(page);
  // The plan is known before the click, so no request is refused (a refused request logs a console error).
  const plan = page.waitForResponse((response) => response.url().endsWith('/cyberapi/vocapremiumsubscription/'));
  await page.goto('/category/113');
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
  const hello = page.getByTestId('word-10521');
  await hello.getByRole('button', { name: 'Definition and example' }).click();

  // "hello" has 3 clips (packages/content/data/a1-videos.jsonl); the free plan shows the first.
  const videos = hello.getByRole('region', { name: 'Videos' });
  await expect(videos.getByTestId('word-video')).toHaveCount(1);
  await expect(videos).toContainText('Hello, lovely students, and welcome back to English with Lucy.');
  await expect(videos).toContainText('Play loads the player from YouTube.');
  const more = videos.getByRole('button', { name: '2 more clips with Premium' });
  await expect(more).toBeVisible();
  // A facade: nothing is asked of the video's host before Play.
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(playerRequests).toEqual([]);

  await videos.getByRole('button', { name: 'Play' }).click();
  const player = videos.locator('iframe');
  await expect(player).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/iRUWzeEGI44?start=0&end=8&rel=0&playsinline=1',
  );
  await expect(player).toHaveAttribute('title', /^Hello, lovely students/);
  await expect(player).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
  await expect(player).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  await expect(player).toBeFocused();
  await expect(videos.frameLocator('iframe').getByText('stand-in player')).toBeVisible();
  await expect(videos.getByRole('button', { name: 'Play' })).toHaveCount(0);

  await more.click();
  await expect(page.getByRole('dialog')).toContainText('This feature is only available for premium users.');
});
