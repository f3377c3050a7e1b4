import { expect, expectNotice, PASSWORD, signUpViaApi, test, uniqueEmail } from './fixtures.ts';

test('a learner signs up, switches language, signs out and in, resets the password and deletes the account', async ({
  page,
}) => {
  const email = uniqueEmail('journey');

  await page.goto('/signup');
  await page.getByLabel('First name').fill('Deniz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('radio', { name: /^A2 · Elementary/ }).check();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Deniz' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.getByLabel('Native language').click();
  await page.getByRole('option', { name: 'Türkçe' }).click();
  // The confirmation speaks the language just chosen.
  await expectNotice(page, 'Değişiklikler başarıyla kaydedildi!');
  await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ana sayfa' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Hesap menüsü' }).click();
  await page.getByRole('menuitem', { name: 'Çıkış yap' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre').fill(PASSWORD);
  await page.getByRole('button', { name: 'Giriş yap', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'Hesap menüsü' }).click();
  await page.getByRole('menuitem', { name: 'Çıkış yap' }).click();

  await page.goto('/forgot-password');
  await page.getByLabel('E-posta').fill(email);
  await page.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }).click();
  await expect(page.getByRole('alert')).toContainText(email);
  // Mail leaves through the job queue: wait for the reset link to reach the dev outbox.
  const resetLinkPattern = /https?:\/\/\S+reset-password#token=\S+/;
  let resetLink = '';
  await expect
    .poll(async () => {
      const outbox = (await (
        await page.request.get(`/cyberapi/dev/outbox/?to=${encodeURIComponent(email)}`)
      ).json()) as { text: string }[];
      resetLink = outbox.map((mail) => mail.text.match(resetLinkPattern)?.[0]).find(Boolean) ?? '';
      return resetLink;
    })
    .not.toBe('');

  const newPassword = 'second-spring-88';
  await page.goto(resetLink);
  await page.getByRole('textbox', { name: 'Yeni şifre', exact: true }).fill(newPassword);
  await page.getByLabel('Yeni şifreyi tekrar gir').fill(newPassword);
  await page.getByRole('button', { name: 'Yeni şifreyi kaydet' }).click();
  await expect(page.getByRole('alert')).toContainText('Şifren değiştirildi');

  await page.getByRole('main').getByRole('link', { name: 'Giriş yap' }).click();
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre').fill(newPassword);
  await page.getByRole('button', { name: 'Giriş yap', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Hesabı sil' }).click();
  await page.getByRole('dialog').getByLabel('Şifre').fill(newPassword);
  await page.getByRole('button', { name: 'Kalıcı olarak sil' }).click();
  await expectNotice(page, 'Hesap başarıyla silindi');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();

  const login = await page.request.post('/cyberapi/auth/login/', { data: { email, password: newPassword } });
  expect(login.status()).toBe(400);
});

test.describe(() => {
  test.use({ expectedConsoleErrors: [/status of 400/] });
  test('a wrong password shows the spec message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid Credentials');
  });
});

test('changing the password signs the other devices out; signing out everywhere signs out this one too', async ({
  page,
  browser,
}) => {
  const { email } = await signUpViaApi(page);
  const newPassword = 'silver-birch-57';

  // A second device: its own browser context, signed in through the form.
  const laptop = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const laptopPage = await laptop.newPage();
  const signIn = async (password: string) => {
    await laptopPage.goto('/login');
    await laptopPage.getByLabel('Email').fill(email);
    await laptopPage.getByLabel('Password').fill(password);
    await laptopPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(laptopPage).toHaveURL(/\/home$/);
  };
  await signIn(PASSWORD);

  await page.goto('/profile');
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(devices).toContainText('This device');

  // The laptop's next request is refused: the app there signs out.
  await laptopPage.goto('/profile');
  await expect(laptopPage).toHaveURL(/\/login/);
  expect(await laptopPage.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  await signIn(newPassword);

  // Sign out everywhere from the first device, after confirming.
  await page.reload();
  await expect(devices).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  await laptopPage.goto('/profile');
  await expect(laptopPage).toHaveURL(/\/login/);
  await laptop.close();
});
