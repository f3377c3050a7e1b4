import type { Page } from '@playwright/test';
import { createAccountViaApi, expect, PASSWORD, setLocalStorage, signUpViaApi, test } from './fixtures.ts';

/**
 * A live offer is announced once per device; these journeys are about buying, so the
 * announcement is marked as seen (as after a first visit) to keep it out of the way.
 */
async function offerAlreadySeen(page: Page) {
  const catalogue = (await (await page.request.get('/cyberapi/premium/plans/')).json()) as {
    offer: { id: number } | null;
  };
  if (catalogue.offer) await setLocalStorage(page, { discountPopupViewed: String(catalogue.offer.id) });
}

/** Marks the window: the mark survives only as long as the app never reloads the page. */
async function markWindow(page: Page) {
  await page.evaluate(() => Object.assign(window, { e2eNoReload: true }));
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
}

/** Picks a plan in the open plan dialog and goes to payment; returns the total it showed. */
async function choosePlan(page: Page, plan: 'Weekly' | 'Monthly', duration: string) {
  const dialog = page.getByRole('dialog', { name: 'Choose your Premium plan' });
  await dialog.getByRole('radio', { name: new RegExp(`^${plan}`) }).check();
  await dialog.getByLabel('Duration').selectOption({ label: duration });
  const total = await dialog.getByTestId('plan-total').getByTestId('price').textContent();
  expect(total).toMatch(/^₺[\d,]+\.\d{2}$/);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/premium\/sandbox\/\d+$/);
  return total!;
}

/** The sandbox page shows what is being bought, marked as a test, and takes Pay or Decline. */
async function sandbox(page: Page, duration: string, total: string, outcome: 'Pay' | 'Decline') {
  await expect(page.getByTestId('sandbox-warning')).toContainText('TEST payment page');
  await expect(page.getByTestId('sandbox-warning')).toContainText('No real money is charged');
  await expect(page.getByTestId('sandbox-units')).toHaveText(duration);
  await expect(page.getByTestId('sandbox-amount').getByTestId('price')).toHaveText(total);
  const orderId = Number(/\/premium\/sandbox\/(\d+)$/.exec(page.url())![1]);
  await page.getByRole('button', { name: outcome, exact: true }).click();
  return orderId;
}

const day = 86_400_000;

test('a free learner buys 3 months from a locked list and the list opens without a reload', async ({ page }) => {
  await signUpViaApi(page);
  await offerAlreadySeen(page);
  await page.goto('/category/103');
  await markWindow(page);

  // The lock shows before the click; the click opens the upsell, which leads to the plans.
  const locked = page.getByTestId('list-card-1005');
  await expect(locked).toHaveAttribute('data-locked', 'true');
  await expect(locked.getByTestId('premium-chip')).toHaveText('Premium');
  await locked.click();
  const upsell = page.getByRole('dialog', { name: 'Unlock every list with Premium' });
  await expect(upsell).toContainText('This feature is only available for premium users.');
  await expect(upsell).toContainText(/\d[\d,]* Words/);
  const paywallClick = page.waitForRequest(
    (request) =>
      request.url().endsWith('/cyberapi/event-call/paywall_click/') && /see_plans/.test(request.postData() ?? ''),
  );
  await upsell.getByRole('button', { name: 'See plans' }).click();
  await paywallClick;

  const total = await choosePlan(page, 'Monthly', '3 Months');
  const orderId = await sandbox(page, '3 Months', total, 'Pay');

  await expect(page).toHaveURL(new RegExp(`/premium/success\\?order=${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  const until = await page.getByTestId('premium-until').textContent();
  const date = Date.parse(/active until (.+)\.$/.exec(until!)![1]!);
  expect(date - Date.now()).toBeGreaterThan(88 * day);
  expect(date - Date.now()).toBeLessThan(93 * day);

  // Back where the learner came from: the list is open now, and nothing was reloaded.
  await page.getByRole('button', { name: 'Continue learning' }).click();
  await expect(page).toHaveURL(/\/category\/103$/);
  await expect(page.getByTestId('list-card-1005')).toHaveAttribute('data-locked', 'false');
  await page.getByTestId('list-card-1005').click();
  await expect(page).toHaveURL(/\/bulletin\/1005$/);
  await expect(page.getByRole('link', { name: 'Study' })).toHaveAttribute('href', '/play/1005');
  await expectNoReload(page);

  // The profile lists the plan; renewing says the new plan follows the current one.
  await page.goto('/profile');
  await expect(page.getByTestId('premium-status')).toContainText('Premium is active until');
  const row = page.locator('[data-testid^="subscription-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('3 Months');
  await expect(row).toContainText('Active');
  await expect(row.getByTestId('price')).toHaveText(total);
  await page.getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose your Premium plan' })).toContainText(
    'A plan bought now starts when the current one ends',
  );
});

test('a declined payment shows the error, and Retry pays for the same plan', async ({ page }) => {
  await signUpViaApi(page);
  await offerAlreadySeen(page);
  await page.goto('/home?plans=1');
  // The reminder email's link opens the plans, and the address loses its parameter.
  await expect(page.getByRole('dialog', { name: 'Choose your Premium plan' })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  const total = await choosePlan(page, 'Weekly', '2 Weeks');
  const declined = await sandbox(page, '2 Weeks', total, 'Decline');
  await expect(page).toHaveURL(new RegExp(`/premium/error\\?order=${declined}$`));
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText('Unknown error occurred')).toBeVisible();

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/premium\/sandbox\/\d+$/);
  const paid = await sandbox(page, '2 Weeks', total, 'Pay');
  expect(paid).not.toBe(declined);
  await expect(page).toHaveURL(new RegExp(`/premium/success\\?order=${paid}$`));
  await expect(page.getByTestId('premium-until')).toContainText('Your Premium access is active until');

  // The declined order stays declined: its page never claims success.
  await page.goto(`/premium/success?order=${declined}`);
  await expect(page).toHaveURL(new RegExp(`/premium/error\\?order=${declined}$`));
});

test('a signed-out visitor on the success page is not told they are premium', async ({ page }) => {
  await page.goto('/premium/success?order=1');
  await expect(page.getByRole('heading', { name: 'Sign in to see your order' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/Welcome to Premium|is active/);
});

test.describe(() => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("another learner's order is not found, never a success", async ({ page, browser }) => {
    // One learner starts a checkout…
    const owner = await browser.newPage();
    await signUpViaApi(owner);
    const token = await owner.evaluate(() => localStorage.getItem('jwtToken'));
    const plans = (await (await owner.request.get('/cyberapi/premium/plans/')).json()) as { plans: { id: number }[] };
    const started = await owner.request.post('/cyberapi/premium/checkout/', {
      headers: { authorization: `Token ${token}` },
      data: { plan_id: plans.plans[0]!.id, units: 1 },
    });
    expect(started.status()).toBe(201);
    const { order_id } = (await started.json()) as { order_id: number };
    await owner.close();

    // …and another one opens its result page.
    await signUpViaApi(page);
    await page.goto(`/premium/success?order=${order_id}`);
    await expect(page.getByRole('heading', { name: 'Order not found.' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/Welcome to Premium|is active/);
  });
});

test('a signed-out visitor who asks for the plans signs in first, then sees them', async ({ page }) => {
  const { email } = await createAccountViaApi(page.request);
  await offerAlreadySeen(page);
  await page.goto('/');
  await expect(page.getByTestId('pack-free')).toHaveText(/^\d[\d,]* Words$/);
  await expect(page.getByTestId('pack-premium')).toHaveText(/^\d[\d,]* Words$/);
  await page.getByRole('button', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('dialog', { name: 'Choose your Premium plan' })).toBeVisible();
});
