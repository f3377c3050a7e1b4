import { devices, type Page } from '@playwright/test';
import { createAccountViaApi, expect, expectNotice, setLocalStorage, signUpViaApi, test } from './fixtures.ts';

const phoneAgent = devices['Pixel 7'].userAgent;
const desktopAgent = devices['Desktop Chrome'].userAgent;

type Api = Page['request'];
const auth = (token: string) => ({ authorization: `Token ${token}` });

/** An own list holding `vocaIds`, shared into a new classroom; returns their ids. */
async function listInClassroom(request: Api, token: string, vocaIds: number[]) {
  const list = (await (
    await request.post('/cyberapi/vocabulletins/', { data: { title: 'Mis palabras largas' }, headers: auth(token) })
  ).json()) as { id: number };
  expect(
    (
      await request.post(`/cyberapi/vocabulletins/${list.id}/words/`, {
        data: { voca_ids: vocaIds },
        headers: auth(token),
      })
    ).ok(),
  ).toBe(true);
  const room = (await (
    await request.post('/cyberapi/vocaclassroom/', {
      data: { name: 'Grupo de la mañana', description: 'Nos vemos a las nueve.' },
      headers: auth(token),
    })
  ).json()) as { classroom_pin: string };
  expect(
    (
      await request.post('/cyberapi/vocaclassroom/manage_shared/', {
        data: { pin: room.classroom_pin, checked_items: [list.id] },
        headers: auth(token),
      })
    ).ok(),
  ).toBe(true);
  return { listId: list.id, pin: room.classroom_pin };
}

/** Marks: the rows that collapsed on phones were the ones with a chip. */
async function markWords(request: Api, token: string) {
  await request.post('/cyberapi/vocarecords/', { data: { voca_ids: [10521, 30074] }, headers: auth(token) });
  await request.post('/cyberapi/vocahardrecords/', { data: { voca_id: 10522 }, headers: auth(token) });
}

/** How far the page can scroll sideways (0 when it cannot). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });

/** The snackbars shown on this page so far (see recordNotices). */
const notices = (page: Page) => page.evaluate(() => (window as unknown as { __notices: string[] }).__notices);

/** Waits until a page has its content (no request under way, no placeholder left). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
}

const publicPaths = ['/', '/login', '/signup', '/contact', '/terms', '/privacy', '/forgot-password', '/404'];

for (const { language, width, userAgent } of [
  { language: 'es', width: 360, userAgent: phoneAgent },
  { language: 'tr', width: 360, userAgent: phoneAgent },
  { language: 'es', width: 1280, userAgent: desktopAgent },
]) {
  test.describe(`${language} at ${width} px`, () => {
    test.use({ viewport: { width, height: 760 }, userAgent });

    test('no page scrolls sideways', async ({ page }) => {
      test.setTimeout(180_000);
      await setLocalStorage(page, { uiLanguage: language });
      for (const path of publicPaths) {
        await page.goto(path);
        await settle(page);
        expect({ path, sideways: await sidewaysScroll(page) }).toEqual({ path, sideways: 0 });
      }

      const { token } = await signUpViaApi(page, { native_language_code: language, first_name: 'Maximiliana' });
      await markWords(page.request, token);
      const { listId, pin } = await listInClassroom(page.request, token, [10521, 10522, 30074, 30028, 10542]);
      const signedIn = [
        '/home',
        '/vocabulary',
        '/category/113',
        '/bulletin/1001',
        `/bulletin/${listId}`,
        '/mylists',
        '/classroom',
        `/classroom/${pin}`,
        '/profile',
        '/contact',
      ];
      for (const path of signedIn) {
        await page.goto(path);
        await settle(page);
        expect({ path, sideways: await sidewaysScroll(page) }).toEqual({ path, sideways: 0 });
      }
      await page.goto(`/play/${listId}`);
      await expect(page.getByTestId('study-word')).toBeVisible();
      expect({ path: '/play', sideways: await sidewaysScroll(page) }).toEqual({ path: '/play', sideways: 0 });
    });
  });
}

test.describe('a word row on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, userAgent: phoneAgent });

  test('keeps word, IPA and translation wide and reaches every action through its menu, by keyboard too', async ({
    page,
  }) => {
    const { token } = await signUpViaApi(page, { native_language_code: 'es' });
    await markWords(page.request, token);
    const { listId } = await listInClassroom(page.request, token, [10521, 30074, 30028]);
    await page.goto(`/bulletin/${listId}`);

    for (const id of [10521, 30074, 30028]) {
      const row = page.getByTestId(`word-${id}`);
      await expect(row).toBeVisible();
      const text = (await row.getByTestId('translation').boundingBox())!;
      expect(text.width, `text column of word ${id}`).toBeGreaterThan(180);
      expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    }
    // The chip of a marked word stays in the row, under its text.
    await expect(page.getByTestId('word-10521').getByText('Conocida')).toBeVisible();
    // The actions are not icon buttons on the row any more...
    await expect(page.getByTestId('word-30028').getByRole('button', { name: 'Marcar como difícil' })).toHaveCount(0);

    // ...but one keyboard-reachable menu.
    const row = page.getByTestId('word-30028');
    const menuButton = row.getByRole('button', { name: 'Acciones para «responsibility»' });
    await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Marcar como conocida',
      'Marcar como difícil',
      'Quitar de esta lista',
    ]);
    await expect(menu.getByRole('menuitem', { name: 'Marcar como conocida' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toContainText('«responsibility»');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(row.getByText('Difícil')).toBeVisible();

    // A marked word's menu offers the removal of its mark; the row's own list can drop it.
    await row.getByRole('button', { name: 'Acciones para «responsibility»' }).click();
    await expect(page.getByRole('menuitem', { name: 'Marcar como difícil' })).toBeDisabled();
    await page.getByRole('menuitem', { name: 'Quitar de esta lista' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(row).toHaveCount(0);
    // Parts of speech speak the learner's language.
    await expect(page.getByTestId('word-30074')).toContainText('sustantivo');
  });

  test('at 1280 px the actions stay on the row', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpViaApi(page);
    await page.goto('/bulletin/1001');
    const row = page.getByTestId('word-10521');
    await expect(row.getByRole('button', { name: 'Mark as known' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Actions for “hello”' })).toHaveCount(0);
  });
});

for (const { language, login } of [
  { language: 'tr', login: 'Giriş yap' },
  { language: 'es', login: 'Iniciar sesión' },
]) {
  test(`the Login button fits the 64 px top bar on one line in ${language} at 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await setLocalStorage(page, { uiLanguage: language });
    await page.goto('/');
    const header = page.locator('header.MuiAppBar-root');
    const button = header.getByRole('link', { name: login });
    // The server sent the page prerendered in the language of its cookie (set by the visit above),
    // which the app then redraws in the one stored here (decision 027): measure the redrawn bar.
    await expect(button).toBeVisible();
    const bar = (await header.boundingBox())!;
    const box = (await button.boundingBox())!;
    expect(bar.height).toBeLessThanOrEqual(65); // 64 px and the bottom border
    expect(box.y).toBeGreaterThanOrEqual(bar.y);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // One line: every piece of the label sits on the same line box.
    const lineTops = await button.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lineTops).toBe(1);
    // The Contact link is still there, as an icon.
    await expect(header.getByRole('link', { name: language === 'tr' ? 'İletişim' : 'Contacto' })).toBeVisible();
  });
}

test.describe('the custom scrollbar (spec §9)', () => {
  test('a desktop browser gets it: 25 px minimum thumb, hidden again 175 ms after scrolling stops', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/terms');
    // The page scrolls once its text is drawn: the scrollbar may arrive while the loading screen is up.
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    const scrollbar = page.locator('.os-scrollbar-vertical');
    await expect(scrollbar).toHaveClass(/os-scrollbar-auto-hide-hidden/);
    await expect(scrollbar.locator('.os-scrollbar-handle')).toHaveCSS('min-height', '25px');
    // Watched from inside the page: the bar shows for only 175 ms after the wheel stops, which a
    // check from outside can miss on a busy machine.
    await scrollbar.evaluate((element) => {
      new MutationObserver(() => {
        if (!element.classList.contains('os-scrollbar-auto-hide-hidden')) element.dataset.wasShown = 'true';
      }).observe(element, { attributes: true, attributeFilter: ['class'] });
    });
    await page.mouse.move(640, 400);
    // Wheeled again until the page moves: one wheel event can land while the page is still settling
    // (once seen in a fresh-clone check); a scrollbar that kept the page from scrolling still fails.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 300);
        return page.evaluate(() => window.scrollY);
      })
      .toBeGreaterThan(0);
    await expect(scrollbar).toHaveAttribute('data-was-shown', 'true');
    await expect(scrollbar).toHaveClass(/os-scrollbar-auto-hide-hidden/, { timeout: 2_000 });
  });

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 812 }, userAgent: phoneAgent });
    test('a mobile browser keeps native scrolling', async ({ page }) => {
      await page.goto('/terms');
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.os-scrollbar')).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveAttribute('data-overlayscrollbars');
      await page.evaluate(() => window.scrollTo(0, 200));
      expect(await page.evaluate(() => window.scrollY)).toBe(200);
    });
  });
});

test.describe(() => {
  // The calls made to fail, as the browser logs them.
  test.use({ expectedConsoleErrors: [/status of 503/] });

  test('a classroom says which part failed to load: its members or its lists', async ({ page }) => {
    const teacher = await createAccountViaApi(page.request);
    const { pin } = await listInClassroom(page.request, teacher.token, [10521]);
    await setLocalStorage(page, { jwtToken: teacher.token });
    const fail = (call: string) =>
      page.route(`**/cyberapi/vocaclassroom/${call}/**`, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down"}' }),
      );

    await fail('get_members');
    await page.goto(`/classroom/${pin}`);
    await expectNotice(page, 'Failed to load classroom members.');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to load classroom members.');
    await expect(page.getByTestId('classroom-name')).toHaveText('Grupo de la mañana');
    await page.getByRole('tab', { name: 'Lists' }).click();
    await expect(page.getByRole('heading', { name: 'Mis palabras largas' })).toBeVisible();
    expect(await notices(page)).not.toContain('Failed to load classroom.');

    await page.unrouteAll();
    await fail('get_lists');
    await page.reload();
    await expectNotice(page, 'Failed to load classroom lists.');
    await expect(page.getByTestId(/^member-/)).toHaveCount(1);
    await page.getByRole('tab', { name: 'Lists' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to load classroom lists.');
    expect(await notices(page)).not.toContain('Failed to load classroom.');
  });
});
