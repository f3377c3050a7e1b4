// The web app's JavaScript budgets (issue 16, decisions 027 and 040), checked by `npm run size` on the
// built app (`npm run build` first). Sizes are gzip, and size-limit's "kB" is 1,000 bytes.
//
// - Each first page (`/` and `/login`): every script its prerendered HTML loads before the app has
//   taken it over, read from that HTML (dist/prerendered/<language>/): the script through which it
//   requests the app once it has painted (decision 038), the entry and the page's own chunks it names
//   there, and its language's first-page texts, in the language whose texts are largest.
// - Every other chunk on its own, loaded later by a route, a dialog or a part of a page that asks the
//   server.
// - The staff pages' chunks that hold MUI X's data grid or charts (found through the build's hidden
//   source maps) have budgets of their own: each library has to arrive whole before its staff page
//   draws, so cutting it into pieces would only add requests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dist = 'apps/web/dist';
const FIRST_PAGE_LIMIT = '170 kB';
const CHUNK_LIMIT = '50 kB';
/** A library → the budget of the chunk that holds it, with the reason above. */
const LIBRARY_LIMITS = { '@mui/x-data-grid': '140 kB', '@mui/x-charts': '90 kB' };

const size = (file) => readFileSync(`${dist}/${file}`).length;
const attribute = (tag, name) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** The scripts a prerendered page loads before the app has taken it over, as paths under dist. */
function scriptsOf(html) {
  const starter = /<script defer [^>]*\bdata-entry="[^"]+"[^>]*>/.exec(html)?.[0];
  if (!starter) return null;
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => attribute(match[0], 'href'));
  const scripts = [
    attribute(starter, 'src'),
    attribute(starter, 'data-entry'),
    ...(attribute(starter, 'data-preload') ?? '').split(' '),
    ...preloaded,
  ]
    .filter(Boolean)
    .map((path) => path.replace(/^\//, ''));
  return [...new Set(scripts)];
}

/** Each hydrated page's file → its scripts in the language where they weigh most. */
const firstPages = new Map();
for (const language of readdirSync(`${dist}/prerendered`)) {
  for (const file of readdirSync(`${dist}/prerendered/${language}`)) {
    const scripts = scriptsOf(readFileSync(`${dist}/prerendered/${language}/${file}`, 'utf8'));
    if (!scripts) continue;
    const weight = scripts.reduce((sum, script) => sum + size(script), 0);
    if (weight > (firstPages.get(file)?.weight ?? 0)) firstPages.set(file, { language, scripts, weight });
  }
}
if (firstPages.size !== 2) throw new Error(`expected the two first pages the app hydrates, found ${firstPages.size}`);
const firstPageScripts = new Set([...firstPages.values()].flatMap(({ scripts }) => scripts));

/** The budget of a chunk other than the first pages': its library's if it holds one above. */
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
  ...[...firstPages].map(([file, { language, scripts }]) => ({
    name: `first page ${language}/${file}: ${scripts.map(chunkName).join(', ')}`,
    path: scripts.map((script) => `${dist}/${script}`),
    limit: FIRST_PAGE_LIMIT,
    gzip: true,
  })),
  ...readdirSync(`${dist}/assets`)
    .filter((file) => file.endsWith('.js') && !firstPageScripts.has(`assets/${file}`))
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
