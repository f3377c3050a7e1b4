/** The API's base path; every endpoint's path (see the `*Endpoints` objects) is under it. */
export const API_BASE = '/cyberapi';

/**
 * The signed-in user's endpoint's request (accountEndpoints.profile), here without schemas: every
 * signed-in start calls it first, and the web app sends it before the contract's schemas arrive
 * (decision 034).
 */
export const PROFILE_REQUEST = { method: 'GET', path: '/profile/' } as const;

/** Where the OpenAPI document is served (Swagger UI), under API_BASE. */
export const API_DOCS_PATH = '/docs/';

/** The key under which the browser keeps the API token (spec §4). */
export const TOKEN_STORAGE_KEY = 'jwtToken';

/** The web app's pages a finished payment sends the browser to (spec §2). */
export const PREMIUM_RESULT_PATHS = { success: '/premium/success', error: '/premium/error' } as const;

/** The web app's page that opens the plan choice (the plan-ending reminder links to it). */
export const PLAN_CHOICE_PATH = '/home?plans=1';

/**
 * The web pages the build prerenders for signed-out visitors, one HTML file per interface language,
 * and the server sends (decision 027): path → the file's name in `<web dist>/prerendered/<language>/`.
 */
export const PRERENDERED_PAGES = { '/': 'landing.html', '/login': 'login.html' } as const;

/**
 * The web app's loading screen, prerendered in each interface language like PRERENDERED_PAGES: the
 * server answers every other page's address with it, so something paints before the scripts arrive,
 * and the app draws the page over it.
 */
export const PRERENDERED_SHELL = 'loading.html';

/** The web page a person lands on from the unsubscribe link in an email's footer (email.ts). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The endpoint's URL under API_BASE with its path parameters filled in and its query appended. */
export function endpointUrl(
  definition: { path: string },
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): string {
  const path = definition.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = input.params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${definition.path}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
