/**
 * The two parts of each language's texts (decision 032), which are the files in
 * `locales/<language>/` and i18next's namespaces. Here, with no imports, so the build
 * (vite.config.ts) names their chunks by the same names the app loads them by.
 */

/**
 * The texts of the landing and sign-in pages and of the frame every page shares (top bar, footer,
 * error messages): `first-page.json`. The first page loads these alone; a component on it asks for
 * them with `useTranslation(FIRST_PAGE_TEXTS)`.
 */
export const FIRST_PAGE_TEXTS = 'first-page';

/** Every other page's texts, `translation.json`: i18next's default namespace. */
export const PAGE_TEXTS = 'translation';
