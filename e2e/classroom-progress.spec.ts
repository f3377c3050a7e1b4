import { readFile } from 'node:fs/promises';
import { expect, expectNotice, recordNotices, signUpViaApi, test } from './fixtures.ts';
import { practise } from './practice.ts';

interface Word {
  id: number;
  the_word: string;
  translation: string;
}

/** hello, goodbye, please, thanks (A1). */
const WORD_IDS = [10521, 10522, 10523, 10524];

// A signed-in learner who is not (yet) a member asks for the classroom first: the browser logs that 404.
test.use({ expectedConsoleErrors: [/status of 404/] });

test('a member joins by the invite link, marks and proves words; the admin sees proven vs marked per list', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const teacher = await signUpViaApi(page, { first_name: 'Aylin', last_name: 'Teacher' });
  const asTeacher = { authorization: `Token ${teacher.token}` };
  const list = await (
    await page.request.post('/cyberapi/vocabulletins/', { data: { title: 'Greetings' }, headers: asTeacher })
  ).json();
  await page.request.post(`/cyberapi/vocabulletins/${list.id}/words/`, {
    data: { voca_ids: WORD_IDS },
    headers: asTeacher,
  });
  const classroom = await (
    await page.request.post('/cyberapi/vocaclassroom/', {
      data: { name: 'Morning group', description: '' },
      headers: asTeacher,
    })
  ).json();
  const shared = await page.request.post('/cyberapi/vocaclassroom/manage_shared/', {
    data: { pin: classroom.classroom_pin, checked_items: [list.id] },
    headers: asTeacher,
  });
  expect(shared.ok()).toBe(true);

  // The admin copies the invite link from the classroom page.
  await page.goto(`/classroom/${classroom.classroom_pin}`);
  await page.getByRole('button', { name: 'Copy invite link' }).click();
  await expectNotice(page, 'Invite link copied to clipboard!');
  const inviteLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(inviteLink).toBe(`${new URL(baseURL!).origin}/classroom/${classroom.classroom_pin}`);

  // A signed-in learner (Spanish interface) opens the link: the classroom's name and a way in.
  const memberContext = await browser.newContext({ baseURL });
  await recordNotices(memberContext);
  const member = await memberContext.newPage();
  const memberErrors: string[] = [];
  member.on('pageerror', (error) => memberErrors.push(error.message));
  const learner = await signUpViaApi(member, { first_name: 'Bora', native_language_code: 'es' });
  await member.goto(inviteLink);
  await expect(member.getByTestId('classroom-name')).toHaveText('Morning group');
  await expect(member.getByTestId('classroom-pin')).toHaveCount(0);
  await member.getByRole('button', { name: 'Unirme a esta clase' }).click();
  await expect(member.getByTestId('classroom-pin')).toHaveText(`PIN ${classroom.classroom_pin}`);
  await expect(member.getByTestId(`member-${learner.user.id}`)).toBeVisible();

  // Bora says he knows hello and goodbye (→), and learns please and thanks by typing them.
  const words = (
    (await (
      await member.request.get(`/cyberapi/vocabulletins/${list.id}/`, {
        headers: { authorization: `Token ${learner.token}` },
      })
    ).json()) as { words: Word[] }
  ).words;
  await member.goto(`/play/${list.id}`);
  for (const [index, word] of words.entries()) {
    await expect(member.getByTestId('study-word')).toHaveText(word.the_word);
    await member.keyboard.press(index < 2 ? 'ArrowRight' : 'ArrowLeft');
  }
  for (const word of words.slice(2)) {
    await expect(member.getByTestId('study-translation')).toHaveText(word.translation);
    await member.keyboard.press('Enter');
  }
  await practise(member, words);
  // The last answer goes out as its feedback closes: wait until the server has it.
  await expect
    .poll(async () => {
      const response = await member.request.get('/cyberapi/reviews/proven/', {
        headers: { authorization: `Token ${learner.token}` },
      });
      return ((await response.json()) as unknown[]).length;
    })
    .toBe(2);

  await member.goto('/home');
  await expect(member.getByTestId('total-learned')).toHaveText('4');
  await expect(member.getByTestId('total-proven')).toHaveText('2');
  // A member sees only their own row.
  await member.goto(`/classroom/${classroom.classroom_pin}`);
  await member.getByRole('tab', { name: 'Progreso' }).click();
  await expect(member.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(member.getByTestId(`progress-row-${learner.user.id}`)).toBeVisible();
  await expect(member.getByRole('button', { name: 'Exportar CSV' })).toHaveCount(0);

  // The admin's table tells the two apart for Bora: 2 proven in practice, 4 marked known.
  await page.reload();
  await page.getByRole('tab', { name: 'Progress' }).click();
  const row = page.getByTestId(`progress-row-${learner.user.id}`);
  await expect(row).toContainText('Bora');
  await expect(row).toContainText(learner.email);
  await expect(row.getByTestId('progress-proven')).toHaveText('2');
  await expect(row.getByTestId('progress-known')).toHaveText('4');
  await expect(row.getByTestId('progress-hard')).toHaveText('0');
  await expect(row).not.toContainText('Never');
  await expect(page.getByTestId(`progress-row-${teacher.user.id}`)).toContainText('Never');

  // Sorted by name, Aylin comes first; by proven words (most first), Bora does.
  const body = page.getByRole('table').locator('tbody tr');
  await expect(body.first()).toContainText('Aylin Teacher');
  await page.getByRole('button', { name: 'Proven in practice' }).click();
  await expect(body.first()).toContainText('Bora');
  await page.getByRole('button', { name: 'Proven in practice' }).click();
  await expect(body.first()).toContainText('Aylin Teacher');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Morning group - Greetings.csv');
  const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe(
    '\uFEFFMember,Email,Proven in practice,Marked known,Challenging,Words in the list,Last studied',
  );
  expect(lines.find((line) => line.startsWith('Bora,'))).toMatch(
    new RegExp(`^Bora,${learner.email.replace(/[.]/g, '\\.')},2,4,0,4,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`),
  );

  expect(memberErrors).toEqual([]);
  await memberContext.close();
});
