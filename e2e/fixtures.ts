import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

let sequence = 0;
export const PASSWORD = 'green-garden-42';

export function uniqueEmail(prefix = 'e2e'): string {
  sequence += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${sequence}@example.com`;
}

/**
 * A snackbar hides after 2 s (spec §9); on a loaded machine a poll can miss it. This records every one
 * shown in the context's pages, so a test asks whether it appeared (expectNotice), not whether it is still up.
 */
export async function recordNotices(context: BrowserContext) {
  await context.addInitScript(() => {
    const notices: string[] = [];
    Object.assign(window, { __notices: notices });
    // Only the added nodes are searched: a staff page's charts and tables add thousands of them.
    const snackbarAlert = '.MuiSnackbar-root [role="alert"]';
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        mutation.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          const alerts = node.matches(snackbarAlert) ? [node] : Array.from(node.querySelectorAll(snackbarAlert));
          for (const alert of alerts) notices.push(alert.textContent ?? '');
        });
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Fails the test on any console error, CSP violation or uncaught exception in the page (house rule), except
 * the ones a test declares it provokes on purpose (e.g. the browser logging a refused 401).
 */
export const test = base.extend<{ context: BrowserContext; page: Page; expectedConsoleErrors: RegExp[] }>({
  expectedConsoleErrors: [[], { option: true }],
  context: async ({ context }, use) => {
    await recordNotices(context);
    await use(context);
  },
  page: async ({ page, expectedConsoleErrors }, use) => {
    const problems: string[] = [];
    // A refused eval (e.g. a library probing `new Function`) is silent unless reported: report
    // every CSP violation as a console error, so it fails the test like any other.
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && !expectedConsoleErrors.some((pattern) => pattern.test(text)))
        problems.push(text);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await use(page);
    expect(problems, 'console errors in the page').toEqual([]);
  },
});
export { expect };

/** Waits until React has taken over a prerendered page's `element`: it carries React's fiber then. */
export async function expectTakenOver(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}

/** Waits until a snackbar with this text has been shown since the last check for it (see recordNotices). */
export async function expectNotice(page: Page, text: string) {
  await expect
    .poll(() =>
      page.evaluate((wanted) => {
        const notices = (window as unknown as { __notices: string[] }).__notices;
        const index = notices.indexOf(wanted);
        if (index >= 0) notices.splice(index, 1);
        return index >= 0;
      }, text),
    )
    .toBe(true);
}

/**
 * Creates an account through the API only: the browser keeps whatever session it has. It starts at
 * A1, as if it had answered sign-up's question; `{ starting_level: undefined }` makes an account
 * that has not (it is asked on /welcome).
 */
export async function createAccountViaApi(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const response = await request.post('/cyberapi/auth/signup/', {
    data: {
      email,
      password: PASSWORD,
      first_name: 'Test',
      accept_terms: true,
      native_language_code: 'en',
      starting_level: 'A1',
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  const session = (await response.json()) as { token: string; user: { id: number; email: string } };
  return { ...session, email };
}

/**
 * Stores `entries` in the app's local storage (a null value removes its key) before the test's next
 * page, from a document of the app's origin that runs none of its code (its icon): no page of the
 * app is left running to react to the change (and ask the server for more), and no app is started
 * only to be left at once.
 */
export async function setLocalStorage(page: Page, entries: Record<string, string | null>) {
  await page.goto('/favicon.svg');
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  }, entries);
}

/** Creates an account through the API and stores its token the way the app does. */
export async function signUpViaApi(page: Page, overrides: Record<string, unknown> = {}) {
  const session = await createAccountViaApi(page.request, overrides);
  await setLocalStorage(page, { jwtToken: session.token });
  return session;
}
