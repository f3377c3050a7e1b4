import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { FIRST_PAGE_TEXTS, PAGE_TEXTS } from './src/locales/texts.ts';
import type { prerenderPages as PrerenderPages } from './src/prerender.tsx';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** The one font file index.html preloads: Roboto 400, latin, the text of every first page (src/app/fonts.css). */
const PRELOADED_FONT = 'roboto-latin-400-normal.woff2';
/** A language's texts: `locales/<language>/<first-page|translation>.json` (src/lib/i18n.ts). */
const TEXTS = /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/;
/** The language of index.html, which is not prerendered in a language. */
const INDEX_LANGUAGE = 'en';
/**
 * A part of a language's texts (decision 032): its chunk in dist/assets, by the name `chunkFileNames`
 * gives it. The first page needs only FIRST_PAGE_TEXTS.
 */
const textsChunk = (language: string, part: string) => new RegExp(`^assets/locale-${language}-${part}-[\\w-]{8}\\.js$`);
const firstPageTextsChunk = (language: string) => textsChunk(language, FIRST_PAGE_TEXTS);
/**
 * What every page but the first one needs as it starts, each gathered with its dependencies into a
 * chunk of its own (`codeSplitting` below), which the loading screen preloads (decision 034): the
 * module through which the first API call (a signed-in page's profile) arrives with its schemas
 * (src/lib/lazy-endpoints.ts), and the signed-in layout with the home page.
 */
const SHELL_CHUNKS = {
  'first-call': /[\\/]src[\\/]lib[\\/]first-page-endpoints\.ts$/,
  'signed-in-start':
    /[\\/]src[\\/](app[\\/]layouts[\\/](app-layout|account-button)|features[\\/]home[\\/]home-page)\.tsx$/,
};

/**
 * The page module of each prerendered page the app hydrates (PRERENDERED_PAGES) by its address, and
 * the name of its chunk: a chunk of its own with what only that page needs, which its HTML requests
 * beside the entry once it has painted (decision 040).
 */
const HYDRATED_PAGES: Record<string, { chunk: string; module: RegExp }> = {
  '/': { chunk: 'landing-page', module: /[\\/]src[\\/]features[\\/]landing[\\/]landing-page\.tsx$/ },
  '/login': { chunk: 'login-page', module: /[\\/]src[\\/]features[\\/]auth[\\/]login-page\.tsx$/ },
};

/**
 * The parts of the landing page that ask the server once the app has taken the page over (decision
 * 040): the word-pack sizes and the live offer. One chunk with what they need, grouped before
 * SHELL_CHUNKS, so what they share with a signed-in page (the premium hooks) does not make the
 * landing page load the signed-in start.
 */
const LANDING_PAGE_PARTS = /[\\/]src[\\/]features[\\/]premium[\\/]components[\\/](word-pack-count|live-offer)\.tsx$/;

/**
 * `chunk` and every chunk it imports statically, which the browser needs before `chunk` runs, but for
 * the entry, which the page loads anyway.
 */
function withStaticImports(bundle: OutputBundle, chunk: OutputChunk): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (files.has(fileName) || output?.type !== 'chunk' || output.isEntry) return;
    files.add(fileName);
    output.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...files];
}

/**
 * Adds to index.html, by their hashed names in this build, a `<link rel="preload">` for
 * PRELOADED_FONT and a `<link rel="modulepreload">` for the first page's English texts (the
 * prerendered pages preload their own language's instead), which the entry would otherwise only
 * request once it runs; and puts the app's stylesheet (src/app/fonts.css, 2 kB of
 * `@font-face` rules) in a `<style>` element instead of a `<link>`, so the prerendered pages paint
 * without waiting for a second request (decision 027).
 */
function preloadFirstPage(): Plugin {
  return {
    name: 'vocagarden:preload-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const outputs = Object.values(bundle ?? {});
        const linked = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)">/.exec(html);
        const stylesheet = outputs.find((output) => output.type === 'asset' && output.fileName === linked?.[1]);
        if (!linked || stylesheet?.type !== 'asset') throw new Error('index.html links no stylesheet of this build');
        const font = outputs.find(
          (output) => output.type === 'asset' && output.originalFileNames.some((name) => name.endsWith(PRELOADED_FONT)),
        );
        const locale = outputs.find(
          (output) => output.type === 'chunk' && firstPageTextsChunk(INDEX_LANGUAGE).test(output.fileName),
        );
        if (!font) throw new Error(`${PRELOADED_FONT} is not in the build: see src/app/fonts.css`);
        if (!locale) throw new Error("the first page's texts are not a chunk of their own: see src/lib/i18n.ts");
        const tags = [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${locale.fileName}` },
            injectTo: 'head' as const,
          },
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          },
        ];
        return { html: html.replace(linked[0], () => `<style>${String(stylesheet.source)}</style>`), tags };
      },
    },
  };
}

/** MUI's modules that only a theme with CSS variables or color schemes reaches (src/app/mui-css-variables-off.ts). */
const MUI_CSS_VARIABLES = /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.js$/;
const MUI_STYLES = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]/;

/**
 * Builds MUI's styles without the CSS-variables theme and its provider, which the garden theme never
 * uses (decision 039). MUI's createTheme and ThemeProvider import them for a branch this app does not
 * take; they are resolved to src/app/mui-css-variables-off.ts, which throws if reached.
 */
function withoutMuiCssVariables(): Plugin {
  const standIn = join(import.meta.dirname, 'src', 'app', 'mui-css-variables-off.ts');
  return {
    name: 'vocagarden:without-mui-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && MUI_STYLES.test(importer) && MUI_CSS_VARIABLES.test(source)) return standIn;
      return undefined;
    },
  };
}

const EMPTY_ROOT = '<div id="root"></div>';
/** dist/index.html's entry script, which the hydrated pages request through src/after-first-paint.ts instead. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/index-[\w-]{8}\.js)"><\/script>/;

/** A plugin's `apply` for the browser's production build only: not `vite dev`, not the prerendering's SSR build. */
const inTheBrowsersBuild: Plugin['apply'] = (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild;

/**
 * Bundles `src/<name>.ts` into one classic script in dist/assets, named by its content's hash like the
 * bundle's files, and returns its path there: the first script of a prerendered page (the hydrated
 * pages' src/after-first-paint.ts, the loading screen's src/early-profile.ts). Built on its own, since
 * as a second input of the bundle it would join the first page's chunk group.
 */
async function writeClassicScript(dist: string, name: string): Promise<string> {
  const output = await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      rolldownOptions: { input: join(import.meta.dirname, 'src', `${name}.ts`), output: { format: 'iife' } },
    },
  });
  const [chunk] = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output.filter((file) => file.type === 'chunk') : [],
  );
  if (!chunk) throw new Error(`src/${name}.ts built into no script`);
  const file = `assets/${name}-${createHash('sha256').update(chunk.code).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(dist, file), chunk.code);
  return file;
}

/**
 * After the browser's build, writes `dist/prerendered/<language>/<file>` in each interface language
 * for each of the contract's PRERENDERED_PAGES and for its PRERENDERED_SHELL: dist/index.html with
 * the page's markup in `#root`, its Emotion styles in `<head>`, its language in `<html lang>` and its
 * language's first-page texts preloaded (the loading screen also preloads the rest of its texts and
 * SHELL_CHUNKS, decision 034), and its scripts fetched at low priority, since it paints without
 * them. A page the app hydrates is marked `data-prerendered="<language>"` (main.tsx checks
 * it) and requests the app's entry, with its own chunk (HYDRATED_PAGES), only once it has painted
 * (decisions 038 and 040); the loading screen is drawn over, and its first script sends the profile
 * request of a signed-in start (src/early-profile.ts, decision 042). The pages render in Node from
 * src/prerender.tsx, built for it into a folder removed afterwards (decisions 027, 033 and 034).
 */
function prerenderFirstPages(): Plugin {
  /** SHELL_CHUNKS and the chunks they import, from the browser's build. */
  let shellChunks: string[] = [];
  /** Each of HYDRATED_PAGES' chunk and the chunks it imports, by the page's address. */
  let pageChunks = new Map<string, string[]>();
  return {
    name: 'vocagarden:prerender-first-pages',
    apply: inTheBrowsersBuild,
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const chunkHolding = (name: string, module: RegExp) => {
        const chunk = chunks.find((output) => output.moduleIds.some((id) => module.test(id)));
        if (!chunk) throw new Error(`no chunk holds ${name}'s ${module}`);
        return chunk;
      };
      pageChunks = new Map(
        Object.entries(HYDRATED_PAGES).map(([path, { chunk, module }]) => [
          path,
          withStaticImports(bundle, chunkHolding(chunk, module)),
        ]),
      );
      // A first page loads its own chunk, never the other's: what both need belongs in the entry.
      for (const [path, [own = ''] = []] of pageChunks) {
        for (const [other, files] of pageChunks) {
          if (other !== path && files.includes(own)) {
            throw new Error(
              `${other}'s chunks import ${path}'s own (${own}): move what both pages need into the entry`,
            );
          }
        }
      }
      shellChunks = [
        ...new Set(
          Object.entries(SHELL_CHUNKS).flatMap(([name, module]) =>
            withStaticImports(bundle, chunkHolding(name, module)),
          ),
        ),
      ];
    },
    async closeBundle() {
      // Inside node_modules, so the bundle's imports of packages resolve.
      const outDir = join(import.meta.dirname, 'node_modules', '.prerender');
      try {
        await build({
          root: import.meta.dirname,
          configFile: join(import.meta.dirname, 'vite.config.ts'),
          logLevel: 'warn',
          build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, sourcemap: false },
        });
        const { prerenderPages } = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as {
          prerenderPages: typeof PrerenderPages;
        };
        const dist = join(import.meta.dirname, 'dist');
        const template = readFileSync(join(dist, 'index.html'), 'utf8');
        if (!template.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT} to fill`);
        if (!ENTRY_SCRIPT.test(template)) throw new Error('dist/index.html has no entry script of this build');
        const afterFirstPaint = await writeClassicScript(dist, 'after-first-paint');
        const earlyProfile = await writeClassicScript(dist, 'early-profile');
        // A hydrated page is complete without the app, which it requests once it has painted: the entry,
        // and beside it the page's own chunks, which the entry would only ask for once it runs.
        const requestedAfterPainting = (html: string, path: string) => {
          const page = pageChunks.get(path);
          if (!page) throw new Error(`${path} is prerendered for the app to hydrate, but not one of HYDRATED_PAGES`);
          const preload = page.map((file) => `/${file}`).join(' ');
          return html.replace(
            ENTRY_SCRIPT,
            (_script, entry: string) =>
              `<script defer src="/${afterFirstPaint}" data-entry="${entry}" data-preload="${preload}"></script>`,
          );
        };
        // The loading screen sends the signed-in user's profile request before the entry has arrived.
        const sendingTheProfileEarly = (html: string) =>
          html.replace(ENTRY_SCRIPT, (script) => `<script async src="/${earlyProfile}"></script>${script}`);
        const assets = readdirSync(join(dist, 'assets')).map((name) => `assets/${name}`);
        const textsOf = (language: string, part: string) => {
          const chunk = assets.find((name) => textsChunk(language, part).test(name));
          if (!chunk) throw new Error(`no chunk of the ${part} texts in ${language}`);
          return chunk;
        };
        const firstPageTexts = (language: string) => `/${textsOf(language, FIRST_PAGE_TEXTS)}"`;
        // The pages the loading screen stands for need the rest of their language's texts and
        // SHELL_CHUNKS: fetched with the HTML rather than once the entry has run.
        const shellPreloads = (language: string) =>
          [textsOf(language, PAGE_TEXTS), ...shellChunks]
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
            .join('');
        for (const { language, file, html, styles, hydrated } of await prerenderPages()) {
          const root = hydrated ? `<div id="root" data-prerendered="${language}">` : '<div id="root">';
          // Replacer functions: the markup and the styles may hold `$` patterns.
          const page = (hydrated ? requestedAfterPainting(template, hydrated.path) : sendingTheProfileEarly(template))
            .replace(`<html lang="${INDEX_LANGUAGE}">`, () => `<html lang="${language}">`)
            .replace(firstPageTexts(INDEX_LANGUAGE), () => firstPageTexts(language))
            .replace('</head>', () => `${hydrated ? '' : shellPreloads(language)}${styles}</head>`)
            // The page paints without its scripts: the browser may fetch them after what it draws (for
            // the loading screen too: at a higher priority, Lighthouse's simulation counts them before
            // its first paint).
            .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
            .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
            .replace(EMPTY_ROOT, () => `${root}${html}</div>`);
          mkdirSync(join(dist, 'prerendered', language), { recursive: true });
          writeFileSync(join(dist, 'prerendered', language, file), page);
        }
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}

/** The build's files a browser reads as text, which compress well. */
const TEXT_FILE = new Set(['.js', '.css', '.svg', '.html', '.json', '.webmanifest']);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Once the build is complete, its text files in `dist/assets` and at its root beside their brotli
 * (quality 11) and gzip (level 9) copies, `<file>.br` and `<file>.gz`, which the server sends as they
 * are (@fastify/static's `preCompressed`) to a browser that accepts them. Compressing every answer
 * on the fly, at the fast settings a server can afford per request, sent the entry at 151 kB where
 * brotli's best is 128 kB (decision 044). A copy that would not be smaller is not written. The
 * prerendered pages are compressed as they go out by the server, which holds them in memory
 * (apps/server/src/lib/http/web-pages.ts).
 */
function precompressed(): Plugin {
  return {
    name: 'vocagarden:precompressed',
    apply: inTheBrowsersBuild,
    // After every other plugin's last step: the prerendering writes the classic scripts into dist/assets.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const dist = join(import.meta.dirname, 'dist');
        const files = [
          ...(await readdir(dist)).filter((name) => TEXT_FILE.has(extname(name))),
          ...(await readdir(join(dist, 'assets')))
            .filter((name) => TEXT_FILE.has(extname(name)))
            .map((name) => `assets/${name}`),
        ];
        await Promise.all(
          files.map(async (file) => {
            const content = await readFile(join(dist, file));
            const [brotliCopy, gzipCopy] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipped(content, { level: zlib.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all(
              (
                [
                  ['.br', brotliCopy],
                  ['.gz', gzipCopy],
                ] as const
              )
                .filter(([, copy]) => copy.length < content.length)
                .map(([extension, copy]) => writeFile(join(dist, file + extension), copy)),
            );
          }),
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [withoutMuiCssVariables(), react(), preloadFirstPage(), prerenderFirstPages(), precompressed()],
  // The prerendered pages' footer year, which the browser's first render repeats (public-layout.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: { proxy: { '/cyberapi': apiTarget, '/illustrations': apiTarget } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay in dist for debugging, but no bundle points to them and the server never serves them.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Each interface language's texts (src/lib/i18n.ts) by its code and part, for the preloads above and
        // the size budget (.size-limit.mjs).
        chunkFileNames: (chunk) => {
          const [, language, texts] = TEXTS.exec(chunk.facadeModuleId ?? '') ?? [];
          return language ? `assets/locale-${language}-${texts}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            // Zod and the module that configures it share one chunk, so the configuration runs before
            // any schema is built, whichever chunk builds it (rolldown does not keep the source's
            // execution order across chunks). See src/lib/zod-jitless.ts.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/ },
            // Everything the entry imports statically — what every page needs, the landing and sign-in
            // pages' common part among it — in one chunk: on HTTP/1.1 a few dozen small chunks would cost
            // more round trips than bytes.
            { name: 'first-page', tags: ['$initial'] },
            // TanStack Query and the app's query cache, which the first pages go without, in one chunk that
            // every page asking the server shares (decision 040).
            {
              name: 'queries',
              test: /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]lib[\\/](queries\.tsx|query-client\.ts)$/,
            },
            // What sign-in shares with every signed-in start, in one small chunk of its own, or sign-in's chunk
            // would hold it and every signed-in start load all of sign-in: the contract's error texts, which
            // sign-in's messages and every API call's schemas use, and MUI's small helpers that the entry
            // does not hold. One request rather than two, each under 1.5 kB.
            {
              name: 'sign-in-shared',
              test: /[\\/]packages[\\/]contract[\\/]src[\\/]errors\.ts$|[\\/]@mui[\\/](utils[\\/]|material[\\/]esm[\\/]utils[\\/])/,
            },
            // The landing page's and sign-in's own chunks (HYDRATED_PAGES), before SHELL_CHUNKS, so what a
            // first page shares with a signed-in page is the first page's chunk and not the other way round.
            // Then each of SHELL_CHUNKS with what it needs that the first page does not hold (rolldown's
            // groups take a module's dependencies along): one request each, not a few dozen.
            ...Object.values(HYDRATED_PAGES).map(({ chunk, module }) => ({ name: chunk, test: module })),
            { name: 'landing-page-parts', test: LANDING_PAGE_PARTS },
            ...Object.entries(SHELL_CHUNKS).map(([name, test]) => ({ name, test })),
          ],
        },
      },
    },
  },
});
