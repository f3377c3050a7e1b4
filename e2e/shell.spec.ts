import { expect, signUpViaApi, test } from './fixtures.ts';

test('the landing page renders with the logo and a way in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grow your English vocabulary');
  await expect(page.getByRole('link', { name: 'VocaGarden' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path redirects to /404', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('protected routes need a token, and sign-in returns to them', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/play/1');
  await expect(page).toHaveURL(/\/login\?next=%2Fplay%2F1$/);
});

test('terms and privacy are real pages', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test.describe('signed-in layout', () => {
  test('shows the side navigation at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpViaApi(page);
    await page.goto('/home');
    const sideNav = page.locator('.MuiDrawer-root nav');
    await expect(sideNav).toBeVisible();
    expect((await page.locator('.MuiDrawer-paper').boundingBox())?.width).toBe(280);
    await expect(page.locator('.MuiBottomNavigation-root')).toHaveCount(0);
    await sideNav.getByRole('link', { name: 'My Lists' }).click();
    await expect(page).toHaveURL(/\/mylists$/);
  });

  test('shows the bottom navigation at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUpViaApi(page);
    await page.goto('/home');
    const bottomNav = page.locator('.MuiBottomNavigation-root');
    await expect(bottomNav).toBeVisible();
    expect((await bottomNav.boundingBox())?.height).toBe(56);
    await expect(page.locator('.MuiDrawer-root')).toHaveCount(0);
    await bottomNav.getByRole('link', { name: 'Classroom' }).click();
    await expect(page).toHaveURL(/\/classroom$/);
  });

  test.describe(() => {
    test.use({ expectedConsoleErrors: [/status of 401/] });
    test('a dead token logs the user out', async ({ page }) => {
      await page.goto('/404');
      await page.evaluate(() => localStorage.setItem('jwtToken', 'revoked-or-made-up'));
      await page.goto('/home');
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
    });
  });
});

test('the OpenAPI UI renders under the security policy', async ({ page }) => {
  await page.goto('/cyberapi/docs/');
  await expect(page.getByText('VocaGarden API')).toBeVisible();
  await expect(page.getByText('/cyberapi/auth/signup/')).toBeVisible();
});
