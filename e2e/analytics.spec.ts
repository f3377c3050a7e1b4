import type { Locator, Page, Response } from '@playwright/test';
import { createAccountViaApi, expect, expectNotice, signUpViaApi, test } from './fixtures.ts';
import { signInAsStaff, STAFF_ACCOUNT } from './staff-account.ts';

/**
 * Every load of the analytics page parses the staff chunks (data grid and charts, about 750 kB of
 * script) before the page asks for its figures. Beside another browser on two shared cores that
 * took 9–11 s in CI, so its waits allow more than the default 10 s, and its journeys are slow ones.
 */
const STAFF_PAGE_LOAD = { timeout: 45_000 };

/** Code that only the staff area contains: the data grid, the charts, and the dashboard's own texts. */
const STAFF_CODE_MARKERS = ['MuiDataGrid', 'MuiChartsSurface', 'analytics.sections.premiumAnalysis'];

/**
 * Every JavaScript file the page downloads, with its text. A chunk that arrives as the page navigates
 * away (pages load some chunks after their first paint) has no body left to read: the same file is
 * then fetched again.
 */
function collectScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = response.url();
    scripts.set(
      url,
      response.text().catch(() => page.request.get(url).then((again) => again.text())),
    );
  });
  return scripts;
}

async function staffCodeIn(scripts: Map<string, Promise<string>>): Promise<string[]> {
  const found: string[] = [];
  for (const [url, text] of scripts) {
    const body = await text;
    for (const marker of STAFF_CODE_MARKERS) if (body.includes(marker)) found.push(`${url}: ${marker}`);
  }
  return found;
}

// The staff journey has the server refuse one change (a 503), which the browser logs.
test.use({ expectedConsoleErrors: [/status of 503/] });

test('a learner who types /xanalytics is told it is not for them, and downloads no staff code', async ({ page }) => {
  const scripts = collectScripts(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/cyberapi/analytics/')) apiCalls.push(request.url());
  });
  await signUpViaApi(page);
  await page.goto('/xanalytics');
  const notAllowed = page.getByTestId('not-allowed');
  await expect(notAllowed.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(notAllowed).toContainText('This page is for VocaGarden staff only.');
  await page.goto('/xanalytics/1');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Analytics' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await notAllowed.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/home$/);

  expect(apiCalls).toEqual([]);
  expect(scripts.size).toBeGreaterThan(0);
  expect(await staffCodeIn(scripts)).toEqual([]);
});

test('staff follow the site: cards and charts, changes since the last visit, a user in a new tab, the token, a report resolved', async ({
  page,
  context,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A learner who reports a problem, so every table has a row of ours.
  const learner = await createAccountViaApi(page.request, { first_name: 'Lale', native_language_code: 'tr' });
  const description = `The audio of "apple" is silent ${Date.now()}`;
  const reported = await page.request.post('/cyberapi/issue-reports/', {
    headers: { authorization: `Token ${learner.token}` },
    data: { issue_id: 'audio', issue_description: description, page: '/play/1001' },
  });
  expect(reported.status()).toBe(201);
  const reportId = ((await reported.json()) as { id: number }).id;

  const scripts = collectScripts(page);
  await signInAsStaff(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/xanalytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible(STAFF_PAGE_LOAD);

  for (const section of [
    'Users',
    'Earnings',
    'Records',
    'Subscriptions',
    'Issue Reports',
    'New Users',
    'Contact Messages',
    'Premium Performance Analysis',
  ]) {
    await expect(page.getByRole('heading', { name: section, exact: true, level: 2 })).toBeVisible();
  }
  const totalUsers = page.getByTestId('metric-total_users');
  const totalClassrooms = page.getByTestId('metric-total_classrooms');
  await expect(totalUsers.getByTestId('metric-value')).toHaveText(/^\d[\d.]*$/);
  const usersBefore = await countOn(totalUsers);
  const classroomsBefore = await countOn(totalClassrooms);
  // The first visit has nothing to compare with.
  await expect(totalUsers.getByTestId('metric-change')).toHaveCount(0);
  await expect(page.getByTestId('metric-total_earnings').getByTestId('metric-value')).toHaveText(/^₺\d/);
  await expect(page.getByTestId('metric-total_conversion_rate').getByTestId('metric-value')).toHaveText(/^%\d+,\d\d$/);
  await page.getByTestId('metric-total_conversion_rate').getByTestId('metric-help').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Share of all existing accounts that have paid at least once, in %.',
  );
  for (const chart of ['new-users', 'earnings', 'conversion']) {
    await expect(page.getByTestId(`chart-${chart}`).locator('svg').first()).toBeVisible();
  }
  expect((await staffCodeIn(scripts)).length).toBeGreaterThan(0);

  // Two more people sign up; on the next visit the card says so.
  await createAccountViaApi(page.request, { first_name: 'Mert', native_language_code: 'tr' });
  await createAccountViaApi(page.request, { first_name: 'Nil', native_language_code: 'tr' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible(STAFF_PAGE_LOAD);
  // Journeys running beside this one sign people up and open classrooms too: at least our two users,
  // and each card's change is exactly what its count grew by.
  await expect.poll(() => countOn(totalUsers), STAFF_PAGE_LOAD).toBeGreaterThanOrEqual(usersBefore + 2);
  await expectChangeSince(totalUsers, usersBefore);
  await expectChangeSince(totalClassrooms, classroomsBefore);

  // New users: searched on the server; the user opens in a new tab.
  const newUsers = page.getByTestId('table-newUsers');
  await newUsers.getByRole('button', { name: 'Search' }).click();
  await newUsers.getByRole('searchbox').fill(learner.user.email);
  await expect(newUsers.getByRole('row')).toHaveCount(2); // the header and our learner
  const [userTab] = await Promise.all([
    context.waitForEvent('page'),
    newUsers.getByRole('link', { name: learner.user.email }).click(),
  ]);
  await expect(userTab).toHaveURL(new RegExp(`/xanalytics/${learner.user.id}$`));
  await expect(userTab.getByRole('heading', { name: 'User analytics' })).toBeVisible();
  await expect(userTab.getByText(learner.user.email, { exact: true })).toBeVisible();
  await expect(userTab.getByText('N/A', { exact: true })).toHaveCount(1); // no last name

  // The id copies a token that opens the app as the learner, and says so for 3 seconds.
  await userTab.getByRole('button', { name: `ID: ${learner.user.id}` }).click();
  await expectNotice(userTab, 'Token copied to clipboard!');
  const token = await userTab.evaluate(() => navigator.clipboard.readText());
  const asLearner = await page.request.get('/cyberapi/profile/', { headers: { authorization: `Token ${token}` } });
  expect(asLearner.status()).toBe(200);
  expect(await asLearner.json()).toMatchObject({ email: learner.user.email, impersonated_by: STAFF_ACCOUNT.email });
  await expect(userTab.getByText('Token copied to clipboard!')).toBeHidden({ timeout: 5_000 });
  // Issuing it is on the learner's record.
  await expect(userTab.getByTestId('table-user-actions')).toContainText('impersonation_started');

  // A token the server will not give (a user that does not exist) is reported, not copied.
  await userTab.goto('/xanalytics/2147483000');
  await expect(userTab.getByText('There is no user with this id.')).toBeVisible();
  await userTab.getByRole('link', { name: 'Back to analytics' }).click();
  await expect(userTab).toHaveURL(/\/xanalytics$/);
  await userTab.close();

  // Issue reports: the learner's report is marked resolved, and stays so.
  const reports = page.getByTestId('table-issueReports');
  await reports.getByRole('button', { name: 'Search' }).click();
  await reports.getByRole('searchbox').fill(description);
  await expect(reports.getByRole('row')).toHaveCount(2);
  await expect(reports).toContainText('Problem with the audio');
  const resolved = reports.getByRole('switch', { name: `Mark report ${reportId} resolved` });
  await expect(resolved).not.toBeChecked();
  // A change the server refuses is said, and the switch shows the report as it still is.
  const resolveUrl = `**/cyberapi/analytics/issue_reports/${reportId}/`;
  await page.route(resolveUrl, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ detail: 'busy', code: 'service_unavailable' }),
        })
      : route.fallback(),
  );
  await resolved.click();
  await expectNotice(page, 'The server is busy right now. Please try again in a moment.');
  await expect(resolved).not.toBeChecked();
  await page.unroute(resolveUrl);
  await resolved.click();
  await expect(resolved).toBeChecked();
  const mine = await page.request.get('/cyberapi/issue-reports/mine/', {
    headers: { authorization: `Token ${learner.token}` },
  });
  expect(
    ((await mine.json()) as { id: number; resolved: boolean }[]).find((report) => report.id === reportId),
  ).toMatchObject({
    resolved: true,
  });
});

test('staff view the app as a learner in a new tab, with a banner, and stop', async ({ page, context }) => {
  test.slow();
  const learner = await createAccountViaApi(page.request, { first_name: 'Deniz', native_language_code: 'tr' });
  await signInAsStaff(page);
  await page.goto(`/xanalytics/${learner.user.id}`);
  const [learnerTab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'View the app as this user' }).click(),
  ]);
  await expect(learnerTab).toHaveURL(/\/home$/);
  // The learner's language, and a banner that says whose app this is.
  const banner = learnerTab.getByTestId('viewing-as-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(learner.user.email);
  await expect(banner).toContainText(STAFF_ACCOUNT.email);
  // The staff member's own tab is still theirs.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'User analytics' })).toBeVisible();
  await expect(page.getByTestId('viewing-as-banner')).toHaveCount(0);

  await banner.getByRole('button').click();
  await expect(learnerTab).toHaveURL(/\/xanalytics$/);
  await expect(learnerTab.getByTestId('viewing-as-banner')).toHaveCount(0);
  await expect(learnerTab.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible(STAFF_PAGE_LOAD);
});

async function countOn(card: Locator): Promise<number> {
  return Number((await card.getByTestId('metric-value').textContent())!.replace(/\./g, ''));
}

async function expectChangeSince(card: Locator, before: number): Promise<void> {
  const change = (await countOn(card)) - before;
  const sign = change > 0 ? '+' : '−';
  await expect(card.getByTestId('metric-change')).toHaveText(
    change === 0 ? 'No change since your last visit' : `${sign}${Math.abs(change)} since your last visit`,
  );
}
