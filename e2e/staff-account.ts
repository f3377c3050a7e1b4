import { expect, type Page } from '@playwright/test';

/** The staff member every browser run starts with, made by the README's `npm run create-staff`. */
export const STAFF_ACCOUNT = { email: 'staff@e2e.vocagarden.test', password: 'staff-garden-passphrase-42' } as const;

/**
 * Signs the README's staff member in through the login page. Made by the command line, they have
 * no native language yet (the app then speaks Turkish) and no starting level (the app would ask on
 * /welcome); this one reads English and has answered.
 */
export async function signInAsStaff(page: Page) {
  const session = await page.request.post('/cyberapi/auth/login/', { data: STAFF_ACCOUNT });
  expect(session.status()).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const english = await page.request.patch('/cyberapi/user/', {
    headers: { authorization: `Token ${token}` },
    data: { native_language_code: 'en', starting_level: 'B2' },
  });
  expect(english.status()).toBe(200);
  await page.goto('/login');
  await page.getByLabel('Email').fill(STAFF_ACCOUNT.email);
  await page.getByLabel('Password').fill(STAFF_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}
