import type { Page } from '@playwright/test';
import {
  createAccountViaApi,
  expect,
  expectTakenOver,
  PASSWORD,
  setLocalStorage,
  signUpViaApi,
  test,
} from './fixtures.ts';

/** Holds back the page's requests for assets matching `asset` until the returned function is called. */
async function holdBack(page: Page, asset: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(asset, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds back the texts of `language` (its `namespace` alone if given). */
const holdTexts = (page: Page, language: string, namespace = '[\\w-]+') =>
  holdBack(page, new RegExp(`/assets/locale-${language}-${namespace}-[\\w-]{8}\\.js$`));

test('the landing page renders with the logo and a way in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grow your English vocabulary');
  await expect(page.getByRole('link', { name: 'VocaGarden' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the landing and sign-in pages paint before they request the app, which then starts', async ({ page }) => {
  for (const [path, ownChunk, otherChunk] of [
    ['/', 'landing-page', 'login-page'],
    ['/login', 'login-page', 'landing-page'],
  ] as const) {
    await page.goto(path);
    // The app, once started, keeps the interface language in a cookie (src/lib/i18n.ts).
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain('uiLanguage=en');
    const timings = () =>
      page.evaluate(
        (chunks) => {
          // A resource's entry appears once it has arrived.
          const requested = (chunk: string) =>
            performance
              .getEntriesByType('resource')
              .find((resource) => new RegExp(`/assets/${chunk}-[\\w-]{8}\\.js$`).test(resource.name))?.startTime;
          return [performance.getEntriesByName('first-contentful-paint')[0]?.startTime, ...chunks.map(requested)];
        },
        ['index', ownChunk, otherChunk],
      );
    // The page's own chunk may still be arriving when the app has started (the cookie above).
    await expect.poll(async () => (await timings())[2]).toBeDefined();
    const [paint, entry, own, other] = await timings();
    expect(paint).toBeGreaterThan(0);
    expect(entry).toBeGreaterThanOrEqual(paint!);
    // Its own chunk too, beside the entry, and not the other first page's (decision 040).
    expect(own).toBeGreaterThanOrEqual(paint!);
    expect(other).toBeUndefined();
    await page.context().clearCookies();
  }
});

test.describe('the first page in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('needs only its own texts; another page waits for the rest and never shows a key', async ({ page }) => {
    const textsRequested: string[] = [];
    page.on('request', (request) => {
      const texts = /\/assets\/locale-(\w+-[\w-]+)-[\w-]{8}\.js$/.exec(request.url())?.[1];
      if (texts) textsRequested.push(texts);
    });
    // The texts of every page but the first are held until the end (decision 032).
    const releaseTexts = await holdTexts(page, 'es', 'translation');

    await page.goto('/');
    const login = page.locator('header').getByRole('link', { name: 'Iniciar sesión' });
    await expectTakenOver(login);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await login.click();
    await expect(page.getByRole('heading', { name: '¡Hola de nuevo!' })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // Sign-up needs texts that are not the first page's: the router keeps sign-in up until they arrive.
    await page.getByRole('link', { name: 'Registrarse' }).click();
    await page.waitForTimeout(500);
    await expect(page.getByRole('heading', { name: '¡Hola de nuevo!' })).toBeVisible();
    releaseTexts();
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/\b(onboarding|auth|errors)\.[a-zA-Z]/);
    expect(textsRequested).toEqual(['es-first-page', 'es-translation']);
  });
});

test('a signed-in page paints the loading screen in the HTML, in its language, and the app draws over it', async ({
  page,
}) => {
  await signUpViaApi(page, { native_language_code: 'tr' });
  // The visit above stored the language's cookie, which the server reads.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hoş geldin');
  // Without its scripts, the page is the loading screen (decision 033).
  const releaseScripts = await holdBack(page, /\/assets\/index-[\w-]{8}\.js$/);
  await page.goto('/vocabulary', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toHaveText('Yükleniyor...');
  releaseScripts();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
});

test('a signed-in page starts from the HTML: its code and texts come with it, and its profile request leaves before the entry has run', async ({
  page,
}) => {
  await signUpViaApi(page);
  const assetsRequested = new Set<string>();
  let profileRequests = 0;
  page.on('request', (request) => {
    const asset = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(request.url())?.[1];
    if (asset) assetsRequested.add(asset);
    if (new URL(request.url()).pathname === '/cyberapi/profile/') profileRequests += 1;
  });
  const releaseEntry = await holdBack(page, /\/assets\/index-[\w-]{8}\.js$/);

  await page.goto('/home', { waitUntil: 'commit' });
  // The entry has not run: the loading screen's HTML asked for these (decision 034), and its first
  // script has sent the profile request (decision 042).
  await expect
    .poll(() =>
      ['early-profile', 'locale-en-translation', 'first-call', 'zod', 'signed-in-start'].filter(
        (asset) => !assetsRequested.has(asset),
      ),
    )
    .toEqual([]);
  await expect.poll(() => profileRequests).toBe(1);
  releaseEntry();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  // The app took that request's answer over rather than asking again.
  expect(profileRequests).toBe(1);
});

test.describe('a signed-in page on a phone', () => {
  // A phone's width, where the top bar's Contact link is an icon with a tooltip, and a touch screen.
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

  test("leaves the account menu's and the tooltip's code until they are reached for", async ({ page }) => {
    await signUpViaApi(page);
    const assetsRequested = new Set<string>();
    page.on('request', (request) => {
      const asset = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(request.url())?.[1];
      if (asset) assetsRequested.add(asset);
    });
    const onDemand = () => ['Tooltip', 'account-menu', 'feedback'].filter((asset) => assetsRequested.has(asset));

    await page.goto('/home', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
    expect(onDemand()).toEqual([]);

    // Reaching the avatar fetches its menu; the report dialog's code waits until it is asked for.
    const accountButton = page.getByRole('button', { name: 'Account menu' });
    await accountButton.hover();
    await expect.poll(onDemand).toEqual(['account-menu']);
    await accountButton.click();
    await page.getByRole('menuitem', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await expect(dialog).toBeVisible();
    expect(onDemand()).toEqual(['account-menu', 'feedback']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // A tap follows the link and asks for no tooltip, as MUI's Tooltip would not show one for it.
    const contact = page.getByRole('banner').getByRole('link', { name: 'Contact' });
    await contact.tap();
    await expect(page).toHaveURL(/\/contact$/);
    // The page drawn, not only its address: until its code is here the one left stays, and a focus
    // moved meanwhile would race the page's arrival (the "networkidle" had fired before it was asked for).
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    expect(assetsRequested.has('Tooltip')).toBe(false);

    // Keyboard focus asks for the tooltip, which then shows for that same focus.
    await contact.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(contact).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText('Contact');
    expect(assetsRequested.has('Tooltip')).toBe(true);
  });
});

test.describe("a signed-in page is drawn in the learner's language, never first in the device's last one", () => {
  test('on arriving signed in', async ({ page }) => {
    // The visit signUpViaApi makes leaves English as this device's last language.
    await signUpViaApi(page, { native_language_code: 'tr' });
    const releaseTurkish = await holdTexts(page, 'tr');
    await page.goto('/home');
    await expect(page.getByRole('status')).toBeVisible();
    // The profile and the page's code arrive meanwhile; the page waits for the learner's texts.
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    releaseTurkish();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hoş geldin');
  });

  test('on signing in', async ({ page }) => {
    const { email } = await createAccountViaApi(page.request, { native_language_code: 'tr' });
    await page.goto('/login');
    const releaseTurkish = await holdTexts(page, 'tr');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toHaveCount(0);
    releaseTurkish();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hoş geldin');
  });
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
    const sidePanel = page.getByTestId('side-navigation');
    const sideNav = sidePanel.getByRole('navigation', { name: 'Main navigation' });
    await expect(sideNav).toBeVisible();
    expect((await sidePanel.boundingBox())?.width).toBe(280);
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
    await expect(page.getByTestId('side-navigation')).toHaveCount(0);
    await bottomNav.getByRole('link', { name: 'Classroom' }).click();
    await expect(page).toHaveURL(/\/classroom$/);
  });

  test.describe(() => {
    test.use({ expectedConsoleErrors: [/status of 401/] });
    test('a dead token logs the user out', async ({ page }) => {
      await setLocalStorage(page, { jwtToken: 'revoked-or-made-up' });
      await page.goto('/home');
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
    });
  });
});

test('the OpenAPI UI renders under the security policy', async ({ page }) => {
  await page.goto('/cyberapi/docs/');
  // The first visit builds the OpenAPI document from every schema, and Swagger UI is 1.7 MB of
  // script: on a CI machine busy with other journeys that has taken more than the usual 10 s.
  await expect(page.getByText('VocaGarden API')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/cyberapi/auth/signup/')).toBeVisible();
});
