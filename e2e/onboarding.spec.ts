import type { APIRequestContext, Page } from '@playwright/test';
import {
  createAccountViaApi,
  expect,
  expectNotice,
  PASSWORD,
  setLocalStorage,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures.ts';

interface Category {
  id: number;
  lists: { id: number; is_premium: boolean }[];
}

/** The first list of a level a free learner may open: where home should tell a new learner to start. */
async function firstOpenList(request: APIRequestContext, level: string): Promise<number> {
  const categories = (await (await request.get(`/cyberapi/vocacategories/?level=${level}`)).json()) as Category[];
  return categories.flatMap((category) => category.lists).find((list) => !list.is_premium)!.id;
}

async function firstCategory(request: APIRequestContext, level: string): Promise<number> {
  return ((await (await request.get(`/cyberapi/vocacategories/?level=${level}`)).json()) as Category[])[0]!.id;
}

/** The signed-in learner, as the API sees them (the token the app stored). */
async function profile(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
  const response = await page.request.get('/cyberapi/profile/', { headers: { authorization: `Token ${token}` } });
  return (await response.json()) as { native_language_code: string; starting_level: string | null };
}

/** The texts these journeys read, in the two languages they run in. */
const texts = {
  tr: {
    locale: 'tr-TR',
    native: 'Türkçe',
    title: 'Hesabını oluştur',
    firstName: 'Ad',
    email: 'E-posta',
    password: 'Şifre',
    nativeLabel: 'Ana dil',
    level: /^B1 · Orta/,
    create: 'Hesap oluştur',
    startHere: 'Buradan başla',
    open: 'Listeyi aç',
    signIn: 'Giriş yap',
    signUp: 'Kaydol',
  },
  es: {
    locale: 'es-ES',
    native: 'Español',
    title: 'Crea tu cuenta',
    firstName: 'Nombre',
    email: 'Correo electrónico',
    password: 'Contraseña',
    nativeLabel: 'Lengua materna',
    level: /^B1 · Intermedio/,
    create: 'Crear cuenta',
    startHere: 'Empieza aquí',
    open: 'Abrir la lista',
    signIn: 'Iniciar sesión',
    signUp: 'Registrarse',
  },
} as const;

async function signUpInForm(page: Page, ui: (typeof texts)[keyof typeof texts], email = uniqueEmail('onboarding')) {
  await expect(page.getByRole('heading', { name: ui.title })).toBeVisible();
  await page.getByLabel(ui.firstName, { exact: true }).fill('Deniz');
  await page.getByLabel(ui.email).fill(email);
  await page.getByLabel(ui.password).fill(PASSWORD);
  // Asked, and proposed from the browser's language.
  await expect(page.getByRole('combobox', { name: ui.nativeLabel })).toHaveText(ui.native);
  await page.getByRole('radio', { name: ui.level }).check();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: ui.create }).click();
}

for (const language of ['tr', 'es'] as const) {
  const ui = texts[language];
  test.describe(`in ${language}`, () => {
    test.use({ locale: ui.locale });

    for (const width of [375, 1280]) {
      test(`sign-up asks for the language and level, and home starts the learner on a list (${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 812 });
        const expected = await firstOpenList(page.request, 'B1');
        await page.goto('/signup');
        await signUpInForm(page, ui);

        await expect(page).toHaveURL(/\/home$/);
        expect(await profile(page)).toMatchObject({ native_language_code: language, starting_level: 'B1' });
        const card = page.getByTestId('start-here');
        await expect(card).toContainText(ui.startHere);
        await expect(card).toContainText('B1');
        const title = (await card.getByRole('heading').textContent())!;
        const open = card.getByRole('link', { name: ui.open });
        await expect(open).toHaveAttribute('href', `/bulletin/${expected}`);
        // Nothing on the page scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        await open.click();
        await expect(page).toHaveURL(new RegExp(`/bulletin/${expected}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      });
    }
  });
}

test.describe('deep links', () => {
  test.use({ locale: 'es-ES' });

  test('a list to study survives sign-in', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const listId = await firstOpenList(page.request, 'A1');
    const { email } = await createAccountViaApi(page.request, { native_language_code: 'es' });
    await page.goto(`/play/${listId}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fplay%2F${listId}$`));
    await page.getByLabel(texts.es.email).fill(email);
    await page.getByLabel(texts.es.password).fill(PASSWORD);
    await page.getByRole('button', { name: texts.es.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/play/${listId}$`));
  });

  test('a category survives signing up instead, through the sign-up link', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const categoryId = await firstCategory(page.request, 'A2');
    await page.goto(`/category/${categoryId}?from=share`);
    const next = encodeURIComponent(`/category/${categoryId}?from=share`);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${next}$`));
    await page.getByRole('main').getByRole('link', { name: texts.es.signUp }).click();
    await expect(page).toHaveURL(new RegExp(`/signup\\?next=${next}$`));
    await signUpInForm(page, texts.es);
    await expect(page).toHaveURL(new RegExp(`/category/${categoryId}\\?from=share$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an account that never said its level is asked once on /welcome, then reaches the page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const listId = await firstOpenList(page.request, 'A1');
    const { email } = await createAccountViaApi(page.request, {
      native_language_code: 'es',
      starting_level: undefined,
    });
    await page.goto(`/bulletin/${listId}`);
    await page.getByLabel(texts.es.email).fill(email);
    await page.getByLabel(texts.es.password).fill(PASSWORD);
    await page.getByRole('button', { name: texts.es.signIn, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/welcome\\?next=%2Fbulletin%2F${listId}$`));
    await expect(page.getByRole('heading', { name: 'Te damos la bienvenida a VocaGarden' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: texts.es.nativeLabel })).toHaveText('Español');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Elige tu nivel.')).toBeVisible();
    await page.getByRole('radio', { name: /^A2/ }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(new RegExp(`/bulletin/${listId}$`));
    expect(await profile(page)).toMatchObject({ starting_level: 'A2' });

    // Asked once: home no longer sends them to /welcome.
    await page.goto('/home');
    await expect(page.getByTestId('start-here')).toContainText('A2');
  });

  test('sign-in never follows a link to another site', async ({ page }) => {
    const { email } = await createAccountViaApi(page.request, { native_language_code: 'es' });
    for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel(texts.es.email).fill(email);
      await page.getByLabel(texts.es.password).fill(PASSWORD);
      await page.getByRole('button', { name: texts.es.signIn, exact: true }).click();
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home$/);
      // Signed out without a page of the app left running.
      await setLocalStorage(page, { jwtToken: null });
    }
  });
});

test.describe(() => {
  test.use({ locale: 'tr-TR', expectedConsoleErrors: [/status of 400/] });

  test('sign-up shows every problem at once, in the interface language', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/signup');
    await page.getByLabel(texts.tr.email).fill('not-an-email');
    await page.getByLabel(texts.tr.password).fill('password');
    await page.getByRole('button', { name: texts.tr.create }).click();

    await expect(page.getByText('Geçerli bir e-posta adresi gir.')).toBeVisible();
    await expect(page.getByText('Bu şifre çok yaygın.')).toBeVisible();
    await expect(page.getByText('Seviyeni seç.')).toBeVisible();
    await expect(page.getByText('Lütfen Kullanım Koşullarını ve Gizlilik Politikasını kabul et.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  });
});

test.describe(() => {
  test.use({ locale: 'es-ES', expectedConsoleErrors: [/status of (400|409)/] });

  test('a field error from the server is translated, and a second reset link says when it can be asked for', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel(texts.es.email).fill('sin-arroba');
    await page.getByLabel(texts.es.password).fill(PASSWORD);
    await page.getByRole('button', { name: texts.es.signIn, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Introduce una dirección de correo electrónico válida.');

    const { email } = await createAccountViaApi(page.request, { native_language_code: 'es' });
    for (const attempt of [1, 2]) {
      await page.goto('/forgot-password');
      await page.getByLabel(texts.es.email).fill(email);
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      if (attempt === 1) await expect(page.getByRole('alert')).toContainText(email);
    }
    await expect(page.getByRole('alert')).toHaveText(
      'Ya se ha enviado un código para restablecer la contraseña. Podrás pedir un enlace nuevo dentro de 10 minutos.',
    );
  });
});

test('the profile changes the starting level, and confirms a new language in that language', async ({ page }) => {
  await signUpViaApi(page, { first_name: 'Ece' });
  await page.goto('/profile');
  await page.getByLabel('English level').click();
  await page.getByRole('option', { name: 'C1 · Advanced' }).click();
  await expectNotice(page, 'Changes saved successfully!');
  await page.getByLabel('Native language').click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expectNotice(page, '¡Cambios guardados correctamente!');

  await page.goto('/home');
  await expect(page.getByTestId('start-here')).toContainText('C1');
});
