import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { PRERENDERED_PAGES, uiLanguages, type UiLanguage } from '@vocagarden/contract';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/router.tsx';
import { prerenderI18n } from './lib/i18n.ts';

export interface PrerenderedPage {
  language: UiLanguage;
  /** The file's name in `dist/prerendered/<language>/` (PRERENDERED_PAGES). */
  file: string;
  /** What goes in `#root`. */
  html: string;
  /** The style elements of the Emotion rules `html` uses. */
  styles: string;
}

/**
 * The build's prerendering (decision 027), bundled for Node by `vite build --ssr` and run by
 * vite.config.ts: each of PRERENDERED_PAGES signed out, in each interface language, as the
 * browser's first render draws it (main.tsx hydrates it).
 */
export async function prerenderPages(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const language of uiLanguages) {
    await prerenderI18n(language);
    for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
      // Emotion's default cache key, so the browser's default cache adopts these rules instead of adding them again.
      const cache = createCache({ key: 'css' });
      const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
      // prerender, not renderToString: it waits for lazy components (the top bar's tooltip), which
      // renderToString would leave for the browser to draw, with an error, instead of hydrating.
      const { prelude } = await prerender(
        <StrictMode>
          <CacheProvider value={cache}>
            <App router={createMemoryRouter(routes, { initialEntries: [path] })} />
          </CacheProvider>
        </StrictMode>,
      );
      const html = await new Response(prelude).text();
      pages.push({ language, file, html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) });
    }
  }
  return pages;
}
