import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccountViaApi, expect, expectTakenOver, test } from './fixtures.ts';

/** Issue 15's acceptance: no serious or critical WCAG 2.1 A/AA violation on any page, on a laptop and on a phone. */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A free A1 list whose first word is "hello" (10521). */
const FREE_LIST = 1001;
/** A category of premium lists, shown dimmed to this free learner. */
const PREMIUM_CATEGORY = 103;
const HELLO = { id: 10521, word: 'hello' };

async function settle(page: Page) {
  // A resize re-renders the layout (side navigation ↔ bottom navigation): let React commit and paint.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Then let every transition end (a button fading from disabled to enabled would be measured halfway).
  // Endless animations (a spinner, a skeleton's pulse) and those driven by scrolling (the desktop
  // scrollbar's) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.timeline === document.timeline && Number.isFinite(animation.effect?.getComputedTiming().endTime),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Scans what the page shows now at each size (resized in place, so a session keeps its state) and reports
 * every serious or critical violation with its rule, the elements and the rule's help. Soft, so one run
 * reports every page and size that fails.
 */
async function expectAccessible(page: Page, what: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const blocking = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ` +
          violation.nodes.map((node) => node.target.join(' ')).join(', '),
      );
    expect.soft(blocking, `${what} at ${size.width}×${size.height}`).toEqual([]);
  }
  await page.setViewportSize(SIZES[0]!);
}

/**
 * Waits for a page's heading and for its placeholders to be replaced by content; on a prerendered
 * page, for the app to have taken it over, since the takeover changes what the HTML drew (sign-in's
 * button is enabled then, decision 043).
 */
async function openPage(page: Page, path: string) {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await expectTakenOver(heading);
}

/** Waits until a dialog has faded in: half-transparent text would be measured at the wrong contrast. */
async function openedDialog(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

test.use({ viewport: SIZES[0]! });

test.describe('signed out', () => {
  for (const path of ['/', '/login', '/signup', '/forgot-password', '/contact']) {
    test(`${path} has no serious accessibility violation`, async ({ page }) => {
      await openPage(page, path);
      await expectAccessible(page, path);
    });
  }
});

interface Learner {
  token: string;
  ownListId: number;
  pin: string;
}

/** One account for the whole file (sign-ups are rate limited): an own list, marked words and a classroom. */
async function prepareLearner(request: APIRequestContext): Promise<Learner> {
  const { token } = await createAccountViaApi(request);
  const headers = { authorization: `Token ${token}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/cyberapi/${path}`, { data, headers });
    expect(response.ok(), `POST ${path}`).toBe(true);
    return response.json();
  };
  const freeList = (await (await request.get(`/cyberapi/vocabulletins/${FREE_LIST}/`, { headers })).json()) as {
    words: { id: number }[];
  };
  // A Known and a Challenging chip on the free list (the chip colours are part of what is measured).
  await post('vocarecords/', { voca_id: freeList.words[1]!.id });
  await post('vocahardrecords/', { voca_id: freeList.words[2]!.id });
  const ownList = (await post('vocabulletins/', { title: 'Kitchen words' })) as { id: number };
  await post(`vocabulletins/${ownList.id}/words/`, { voca_ids: [HELLO.id] });
  const classroom = (await post('vocaclassroom/', { name: 'Morning group', description: 'We meet at 9.' })) as {
    classroom_pin: string;
  };
  await post('vocaclassroom/manage_shared/', { pin: classroom.classroom_pin, checked_items: [ownList.id] });
  return { token, ownListId: ownList.id, pin: classroom.classroom_pin };
}

/** Signed in as the file's learner: made once per worker, so once for the file (see mode below). */
const signedIn = test.extend<object, { learner: Learner }>({
  learner: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL! });
      await use(await prepareLearner(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  storageState: async ({ learner, baseURL }, use) =>
    use({ cookies: [], origins: [{ origin: baseURL!, localStorage: [{ name: 'jwtToken', value: learner.token }] }] }),
});

signedIn.describe('signed in', () => {
  // In order in one worker, so the account is made once (again only if a failure restarts the worker).
  signedIn.describe.configure({ mode: 'default' });

  signedIn('home, vocabulary, a category and a list with marked words', async ({ page }) => {
    await openPage(page, '/home');
    await expect(page.getByTestId('total-learned')).toBeVisible();
    await expectAccessible(page, '/home');

    await openPage(page, '/vocabulary');
    await expectAccessible(page, '/vocabulary');

    await openPage(page, `/category/${PREMIUM_CATEGORY}`);
    const locked = page.locator('[data-locked=true]').first();
    await expect(locked).toBeVisible();
    await expectAccessible(page, '/category');

    await locked.click();
    await openedDialog(page);
    await expectAccessible(page, 'the premium upsell dialog');
    await closeDialog(page);

    await openPage(page, `/bulletin/${FREE_LIST}`);
    await expect(page.getByText('Known', { exact: true })).toBeVisible();
    await expect(page.getByText('Challenging', { exact: true })).toBeVisible();
    await expectAccessible(page, '/bulletin (a catalogue list)');

    const hello = page.getByTestId(`word-${HELLO.id}`);
    await hello.getByRole('button', { name: 'Definition and example' }).click();
    await expect(hello).toContainText('Hello, how are you?');
    await expectAccessible(page, '/bulletin with a word’s details open');

    await page.getByRole('button', { name: 'Mark all as known' }).click();
    await openedDialog(page);
    await expectAccessible(page, 'the confirmation dialog');
  });

  signedIn('my lists, an own list and the create-list dialog', async ({ page, learner }) => {
    await openPage(page, '/mylists');
    await expect(page.getByRole('heading', { name: 'Kitchen words' })).toBeVisible();
    await expectAccessible(page, '/mylists');

    await page.getByRole('button', { name: 'Create a new list' }).click();
    await openedDialog(page);
    await expectAccessible(page, 'the create-list dialog');
    await closeDialog(page);

    await openPage(page, `/bulletin/${learner.ownListId}`);
    await expect(page.getByTestId(`word-${HELLO.id}`)).toBeVisible();
    await expectAccessible(page, '/bulletin (an own list)');
  });

  signedIn('classrooms, a classroom with its tabs, and the create-classroom dialog', async ({ page, learner }) => {
    await openPage(page, '/classroom');
    await expect(page.getByRole('heading', { name: 'Morning group' })).toBeVisible();
    await expectAccessible(page, '/classroom');

    await page.getByRole('button', { name: 'Create a new classroom' }).click();
    await openedDialog(page);
    await expectAccessible(page, 'the create-classroom dialog');
    await closeDialog(page);

    await openPage(page, `/classroom/${learner.pin}`);
    await expect(page.getByTestId('classroom-pin')).toBeVisible();
    await page.getByRole('button', { name: 'Manage Lists' }).click();
    await openedDialog(page);
    await expectAccessible(page, 'the manage-lists dialog');
    await closeDialog(page);
    for (const tab of ['Members', 'Lists']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
      await expectAccessible(page, `/classroom/{pin}, ${tab} tab`);
    }
  });

  signedIn('profile and the account menu', async ({ page }) => {
    await openPage(page, '/profile');
    await expectAccessible(page, '/profile');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
    await expectAccessible(page, 'the account menu');
  });

  signedIn('the study session in each phase, and Learn mode', async ({ page, learner }) => {
    await page.goto(`/play/${learner.ownListId}`);
    await expect(page.getByTestId('study-word')).toHaveText(HELLO.word);
    await expectAccessible(page, '/play: sort');

    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('button', { name: /Next/ })).toBeVisible();
    await expectAccessible(page, '/play: teach');

    await page.keyboard.press('Enter');
    await expect(page.getByTestId('study-prompt')).toBeVisible();
    await expectAccessible(page, '/play: practice');

    const feedback = page.getByTestId('study-feedback');
    await page.keyboard.type('zzzz');
    await page.keyboard.press('Enter');
    await expect(feedback).toBeVisible();
    await expectAccessible(page, '/play: practice feedback');

    // The missed word comes back until it is answered right.
    await page.keyboard.press('Enter');
    await expect(feedback).toBeHidden();
    while (!(await page.getByTestId('study-end').isVisible())) {
      await page.keyboard.type(HELLO.word);
      await page.keyboard.press('Enter');
      await expect(feedback).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(feedback).toBeHidden();
    }
    await expectAccessible(page, '/play: end screen');

    await page.goto(`/play/${learner.ownListId}?mode=learn`);
    await expect(page.getByTestId('learn-options').getByRole('button')).toHaveCount(4);
    await expectAccessible(page, '/play Learn mode: choice');
    await page.keyboard.press('1');
    await expect(page.getByTestId('study-feedback')).toBeVisible();
    await expectAccessible(page, '/play Learn mode: choice feedback');
  });

  signedIn('the review session', async ({ page }) => {
    await page.goto('/play/review');
    // Whether words are due depends on the server's clock, which other journeys move forward: either screen must pass.
    await expect(
      page.getByText('Nothing to review right now. Come back later!').or(page.getByTestId('study-prompt')),
    ).toBeVisible();
    await expectAccessible(page, '/play/review');
  });
});
