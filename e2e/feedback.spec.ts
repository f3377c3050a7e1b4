import { expect, expectNotice, signUpViaApi, test, uniqueEmail } from './fixtures.ts';

/** A free B2 list (the study journey's). */
const LIST_ID = 4001;

test('a visitor sends the contact form and sees that it is on its way', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact us' });

  // The form checks what the server would refuse before sending anything.
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Please fill in this field.')).toHaveCount(3);
  await expect(form.getByLabel('Your email')).toBeFocused();
  await form.getByLabel('Your email').fill('not an address');
  await expect(form.getByText('Enter a valid email address.')).toBeVisible();

  const email = uniqueEmail('visitor');
  await form.getByLabel('Your email').fill(email);
  await form.getByLabel('Subject').fill('A question about lists');
  await form.getByLabel('Message').fill('Can I share one list with two classrooms?');
  await expect(form.getByText('41/5000')).toBeVisible();
  await form.getByRole('button', { name: 'Send message' }).click();

  const sent = page.getByTestId('contact-sent');
  await expect(sent.getByRole('heading', { name: 'Thank you, your message is on its way' })).toBeFocused();
  await expect(sent).toContainText(`We will answer you at ${email} as soon as we can.`);
  await sent.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByRole('form', { name: 'Contact us' }).getByLabel('Your email')).toHaveValue(email);
  await expect(page.getByRole('form', { name: 'Contact us' }).getByLabel('Subject')).toHaveValue('');
});

test('a learner reports a problem with a word while studying and sees it open on the profile', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto(`/play/${LIST_ID}`);
  const word = page.getByTestId('study-word');
  await expect(word).toBeVisible();
  const theWord = (await word.textContent())!;

  await page.getByRole('button', { name: 'Report a problem with this word' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog.getByTestId('report-word')).toHaveText(`Word: ${theWord}`);
  await expect(dialog.getByRole('combobox', { name: 'Kind of problem' })).toBeFocused();

  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose the kind of problem.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Kind of problem' }).click();
  await page.getByRole('option', { name: 'Wrong translation' }).click();
  // The arrow keys and Enter are the card's shortcuts: typed here, they must stay in the dialog.
  await dialog.getByLabel('What happened?').pressSequentially('Looks like the translation is wrong.');
  await dialog.getByLabel('What happened?').press('Enter');
  await dialog.getByRole('button', { name: 'Send report' }).click();

  await expectNotice(page, 'Thank you! We received your report.');
  await expect(dialog).toBeHidden();
  await expect(word).toHaveText(theWord);
  await expect(page.getByText('Word 1 of 20')).toBeVisible();

  await page.goto('/profile');
  const reports = page.getByRole('heading', { name: 'My reports' }).locator('..');
  const row = reports.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Wrong translation');
  await expect(row).toContainText(theWord);
  await expect(row).toContainText('Looks like the translation is wrong.');
  await expect(row).toContainText('Open');

  // The avatar menu offers the same dialog, without a word.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Report a problem' }).click();
  const fromMenu = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(fromMenu.getByTestId('report-word')).toHaveCount(0);
  await fromMenu.getByRole('button', { name: 'Cancel' }).click();
  await expect(fromMenu).toBeHidden();
});
