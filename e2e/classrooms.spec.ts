import { expect, expectNotice, recordNotices, signUpViaApi, test } from './fixtures.ts';

test.describe(() => {
  // The third list is refused by the server (403), which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 403/] });

  test('my lists: create, fill by search, rename, the free limit, delete', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/mylists');
    await expect(page.getByText('You do not have any lists. Please create a new list to get started.')).toBeVisible();

    await page.getByRole('button', { name: 'Create a new list' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Kitchen words');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expectNotice(page, 'List created successfully!');
    await page.getByRole('heading', { name: 'Kitchen words' }).click();
    await expect(page).toHaveURL(/\/bulletin\/\d+$/);
    await page.getByLabel('Search in English or in your language').fill('goodb');
    await page.getByRole('button', { name: 'Add “goodbye”' }).click();
    await expect(page.getByTestId('word-10522')).toBeVisible();
    await expect(page.getByText('1 word', { exact: true })).toBeVisible();

    await page.goto('/mylists');
    await page.getByRole('button', { name: 'Options for Kitchen words' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Home words');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Changes saved successfully!');
    await expect(page.getByRole('heading', { name: 'Home words' })).toBeVisible();

    for (const title of ['Second', 'Third']) {
      await page.getByRole('button', { name: 'Create a new list' }).click();
      await page.getByRole('dialog').getByLabel('Title').fill(title);
      await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    }
    await expect(page.getByRole('dialog')).toContainText('This feature is only available for premium users.');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { name: 'Third' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Options for Second' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete Second?');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectNotice(page, 'List deleted successfully!');
    await expect(page.getByRole('heading', { name: 'Second' })).toHaveCount(0);
  });
});

test.describe(() => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('a classroom: A shares a list, B joins by PIN and studies it, A renames and deletes it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const teacher = await signUpViaApi(page, { first_name: 'Aylin', last_name: 'Teacher' });
    const list = await (
      await page.request.post('/cyberapi/vocabulletins/', {
        data: { title: 'Week 1' },
        headers: { authorization: `Token ${teacher.token}` },
      })
    ).json();
    await page.request.post(`/cyberapi/vocabulletins/${list.id}/words/`, {
      data: { voca_ids: [10521, 10522] },
      headers: { authorization: `Token ${teacher.token}` },
    });

    await page.goto('/classroom');
    await expect(
      page.getByText('You do not have classrooms. Join a classroom to get started. Or create a new classroom.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Create a new classroom' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Morning group');
    await page.getByRole('dialog').getByLabel('Description').fill('We meet at 9.\nBring a notebook.');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expectNotice(page, 'Classroom created successfully.');
    await page.getByRole('heading', { name: 'Morning group' }).click();
    const pin = (await page.getByTestId('classroom-pin').textContent())!.replace('PIN ', '');
    expect(pin).toMatch(/^\d{8}$/);
    await page.getByRole('button', { name: 'Manage Lists' }).click();
    await page.getByRole('dialog').getByLabel('Week 1').check();
    // The snackbar lasts two seconds from the answer; wait for the answer on a busy machine.
    const saved = page.waitForResponse((response) => response.url().endsWith('/vocaclassroom/manage_shared/'));
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    expect((await saved).ok()).toBe(true);
    await expectNotice(page, 'Changes saved successfully!');

    const studentContext = await browser.newContext({ baseURL });
    await recordNotices(studentContext);
    const student = await studentContext.newPage();
    const studentErrors: string[] = [];
    student.on('pageerror', (error) => studentErrors.push(error.message));
    await signUpViaApi(student, { first_name: 'Bora' });
    await student.goto('/classroom');
    await student.getByRole('button', { name: 'Join a classroom' }).click();
    await student.getByRole('dialog').getByLabel('PIN').fill(pin);
    await student.getByRole('dialog').getByRole('button', { name: 'Join' }).click();
    await expect(student).toHaveURL(new RegExp(`/classroom/${pin}$`));
    await expect(student.getByTestId('classroom-name')).toHaveText('Morning group');
    await expect(student.getByTestId(`member-${teacher.user.id}`)).toContainText('Aylin Teacher');
    await expect(student.getByRole('button', { name: 'Manage Lists' })).toHaveCount(0);
    await student.getByRole('tab', { name: 'Lists' }).click();
    await student.getByRole('heading', { name: 'Week 1' }).click();
    await expect(student).toHaveURL(new RegExp(`/bulletin/${list.id}$`));
    await student.getByRole('link', { name: 'Study' }).click();
    await expect(student.getByTestId('study-word')).toHaveText('hello');
    await student.keyboard.press('ArrowRight');
    await expect(student.getByTestId('study-word')).toHaveText('goodbye');
    await student.keyboard.press('ArrowRight');
    await expect(student.getByTestId('summary-markedKnown')).toHaveText('2');

    await page.goto('/classroom');
    await page.getByRole('button', { name: 'Options for Morning group' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Evening group');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Changes saved successfully!');
    await student.goto('/classroom');
    await expect(student.getByRole('heading', { name: 'Evening group' })).toBeVisible();
    // Leaving asks first; Cancel keeps the membership.
    const leave = async () => {
      await student.getByRole('button', { name: 'Options for Evening group' }).click();
      await student.getByRole('menuitem', { name: 'Leave' }).click();
      await expect(student.getByRole('dialog')).toContainText(
        'Are you sure you want to leave Evening group? You can join again with its PIN.',
      );
    };
    await leave();
    await student.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await student.reload();
    await expect(student.getByRole('heading', { name: 'Evening group' })).toBeVisible();
    await leave();
    await student.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await expectNotice(student, 'You have left the classroom.');

    await page.getByRole('button', { name: 'Options for Evening group' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText(
      'Are you sure you want to delete the classroom Evening group?',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectNotice(page, 'Classroom deleted successfully!');

    await student.reload();
    await expect(
      student.getByText('You do not have classrooms. Join a classroom to get started. Or create a new classroom.'),
    ).toBeVisible();
    expect(studentErrors).toEqual([]);
    await studentContext.close();
  });
});
