// The web app's JavaScript budgets (issue 16, decision 027), checked by `npm run size` on the built
// app (`npm run build` first). Sizes are gzip, and size-limit's "kB" is 1,000 bytes.
//
// - The first page (`/` and `/login`): the entry script, every chunk dist/index.html preloads with
//   it, the script through which the prerendered page requests the entry once it has painted
//   (decision 038), and the largest language's first-page texts, which it loads before the first
//   render (each prerendered page preloads its own language's in place of English's, decision 032).
// - Every other chunk on its own, loaded later by a route or a dialog.
// - The staff pages' chunks that hold MUI X's data grid or charts (found through the build's hidden
//   source maps) have budgets of their own: each library has to arrive whole before its staff page
//   draws, so cutting it into pieces would only add requests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dist = 'apps/web/dist';
/**
 * Issue 16 asks for 170 kB. The first page is 189 kB since React Router's declarative mode (decision
 * 036) and the language detector's removal (037), and React, React DOM, React Router, MUI's core,
 * TanStack Query and i18next alone come to about 160 kB: this budget keeps it from growing until the
 * first page changes shape (decision 027, "What is left").
 */
const FIRST_PAGE_LIMIT = '195 kB';
const CHUNK_LIMIT = '50 kB';
/** A library → the budget of the chunk that holds it, with the reason above. */
const LIBRARY_LIMITS = { '@mui/x-data-grid': '140 kB', '@mui/x-charts': '90 kB' };

const html = readFileSync(`${dist}/index.html`, 'utf8');
const assets = (pattern) => [...html.matchAll(pattern)].map((match) => match[1].replace(/^\//, ''));
const entry = assets(/<script type="module"[^>]*\bsrc="([^"]+\.js)"/g);
const preloaded = assets(/<link rel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g);
if (entry.length !== 1) throw new Error(`${dist}/index.html should have one entry script, found ${entry.length}`);

const scripts = readdirSync(`${dist}/assets`).filter((file) => file.endsWith('.js'));
const firstPageTexts = scripts.filter((file) => /^locale-[a-z]{2}-first-page-/.test(file));
if (firstPageTexts.length !== 4) {
  throw new Error(`expected the four interface languages' first-page texts, found ${firstPageTexts.length}`);
}
const largestFirstPageTexts = firstPageTexts
  .map((file) => ({ file, size: readFileSync(`${dist}/assets/${file}`).length }))
  .sort((a, b) => b.size - a.size)[0].file;

// index.html preloads English's first-page texts, which only English visitors load (largestFirstPageTexts covers them).
const preloadedScripts = preloaded.filter((file) => !/^assets\/locale-/.test(file));
const afterFirstPaint = readdirSync(`${dist}/assets`)
  .filter((file) => /^after-first-paint-[\w-]{8}\.js$/.test(file))
  .map((file) => `assets/${file}`);
if (afterFirstPaint.length !== 1)
  throw new Error(`expected one after-first-paint script, found ${afterFirstPaint.length}`);
const firstPage = new Set([...entry, ...afterFirstPaint, ...preloadedScripts]);
/** The budget of a chunk other than the first page's: its library's if it holds one above. */
function chunkLimit(file) {
  const map = `${dist}/assets/${file}.map`;
  // A chunk of re-exports only has no map.
  const { sources } = existsSync(map) ? JSON.parse(readFileSync(map, 'utf8')) : { sources: [] };
  const library = Object.keys(LIBRARY_LIMITS).find((name) =>
    sources.some((source) => source.includes(`/node_modules/${name}/`)),
  );
  return library ? { limit: LIBRARY_LIMITS[library], library } : { limit: CHUNK_LIMIT };
}

/** `assets/top-bar-Ab12Cd34.js` → `top-bar`. */
const chunkName = (file) => file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');

export default [
  {
    name: `first page (/ and /login): entry, ${[...preloadedScripts, largestFirstPageTexts].map(chunkName).join(', ')}`,
    path: [...firstPage, `assets/${largestFirstPageTexts}`].map((file) => `${dist}/${file}`),
    limit: FIRST_PAGE_LIMIT,
    gzip: true,
  },
  ...scripts
    .filter((file) => !firstPage.has(`assets/${file}`))
    .map((file) => {
      const { limit, library } = chunkLimit(file);
      return {
        name: library ? `${chunkName(file)} (${library})` : chunkName(file),
        path: `${dist}/assets/${file}`,
        limit,
        gzip: true,
      };
    }),
];
