import type { APIRequestContext } from '@playwright/test';
import { createAccountViaApi, expect, expectNotice, test } from './fixtures.ts';
import { signInAsStaff } from './staff-account.ts';

/** A learner who asked for offers (marketing is off until a learner turns it on). */
async function consentingLearner(request: APIRequestContext) {
  const { email, token } = await createAccountViaApi(request, { first_name: 'Deniz' });
  const consent = await request.patch('/cyberapi/user/email-preferences/', {
    headers: { authorization: `Token ${token}` },
    data: { campaign_emails: true },
  });
  expect(consent.status()).toBe(200);
  return { email, token };
}

/** What the dev outbox holds for an address (no SMTP in the browser tests). */
async function outbox(request: APIRequestContext, to: string) {
  return (await (await request.get(`/cyberapi/dev/outbox/?to=${encodeURIComponent(to)}`)).json()) as {
    subject: string;
    text: string;
  }[];
}

// The preview frame runs nothing (sandbox without scripts), not even this harness's own listener,
// which Chromium reports on the console.
test.use({ expectedConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });

test('staff compose, preview, test and send a campaign; the table tracks it; a learner leaves in one click', async ({
  page,
}) => {
  const learner = await consentingLearner(page.request);
  const name = `Spring sale ${Date.now()}`;
  await signInAsStaff(page);
  await page.goto('/xanalytics/email-management');
  await expect(page.getByRole('heading', { name: 'Email management', level: 1 })).toBeVisible();
  await expect(page.getByText('Opens are approximate')).toBeVisible();

  await page.getByRole('button', { name: 'New campaign' }).click();
  const editor = page.getByRole('dialog', { name: 'New campaign' });
  await editor.getByLabel('Name').fill(name);
  const texts = {
    English: ['Spring is here', 'Learn **twice as fast** this spring. [See the plans](https://vocagarden.test/home)'],
    Español: ['Llega la primavera', 'Aprende **el doble** esta primavera.'],
    Türkçe: ['Bahar geldi', 'Bu bahar **iki kat hızlı** öğren.'],
    Azərbaycanca: ['Bahar gəldi', 'Bu bahar **iki dəfə sürətli** öyrən.'],
  };
  for (const [language, [subject, body]] of Object.entries(texts)) {
    await editor.getByRole('tab', { name: language }).click();
    await editor.getByLabel(`Subject (${language})`).fill(subject!);
    await editor.getByLabel(`Message (${language})`).fill(body!);
  }
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expectNotice(page, 'Draft saved');

  // The preview is the server's rendering, per language.
  const preview = editor.getByTestId('campaign-preview');
  await expect(preview.getByTestId('preview-subject')).toHaveText('Spring is here');
  await expect(preview.frameLocator('iframe').locator('strong')).toHaveText('twice as fast');
  await preview.getByLabel('Preview in').click();
  await page.getByRole('option', { name: 'Türkçe' }).click();
  await expect(preview.getByTestId('preview-subject')).toHaveText('Bahar geldi');

  await preview.getByRole('button', { name: 'Send a test to me' }).click();
  await expectNotice(page, 'The test message is on its way to your address.');
  await expect
    .poll(async () => (await outbox(page.request, 'staff@e2e.vocagarden.test')).map((mail) => mail.subject))
    .toContain('[TEST] Bahar geldi');

  await editor.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('dialog', { name: 'Send the campaign?' }).getByRole('button', { name: 'Send now' }).click();
  await expectNotice(page, 'The campaign is being sent.');

  // The learner gets it, in English, and leaves through the footer link: the page asks first.
  let unsubscribeLink = '';
  await expect
    .poll(async () => {
      const mail = (await outbox(page.request, learner.email)).find((item) => item.subject === 'Spring is here');
      unsubscribeLink = mail?.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0] ?? '';
      return unsubscribeLink;
    })
    .not.toBe('');
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(new URL(unsubscribeLink).pathname + new URL(unsubscribeLink).search);
  await expect(visitor.getByText('Stop “Offers and discounts” emails to')).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByTestId('unsubscribed')).toContainText('no more “Offers and discounts” emails');
  await visitor.close();
  const preferences = await page.request.get('/cyberapi/user/email-preferences/', {
    headers: { authorization: `Token ${learner.token}` },
  });
  expect(((await preferences.json()) as { campaign_emails: boolean }).campaign_emails).toBe(false);

  // The campaign's row and its recipients: sent, never opened ('N/A'), unsubscribed.
  await page.reload();
  const row = page.locator('tr').filter({ hasText: name });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('%0,00');
  await row.getByRole('button', { name: 'Recipients' }).click();
  const recipients = page.getByTestId('table-recipients');
  await recipients.getByRole('button', { name: 'Search' }).click();
  await recipients.getByRole('searchbox').fill(learner.email.split('@')[0]!);
  const learnerRow = recipients.getByRole('row').filter({ hasText: learner.email.split('@')[0]! });
  await expect(learnerRow).toHaveCount(1);
  await expect(learnerRow.getByRole('gridcell').filter({ hasText: 'N/A' })).toHaveCount(3); // opened, clicked, bounced
  await expect(learnerRow).toContainText(name);
});
