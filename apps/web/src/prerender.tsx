import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { PRERENDERED_PAGES, PRERENDERED_SHELL, uiLanguages, type UiLanguage } from '@vocagarden/contract';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App, AppTheme } from './app/app.tsx';
import { LoadingScreen } from './components/loading-screen.tsx';
import { prerenderI18n } from './lib/i18n.ts';
import { startDrawingAsInHtml } from './lib/prerendered-value.ts';

export interface PrerenderedPage {
  language: UiLanguage;
  /** The file's name in `dist/prerendered/<language>/` (PRERENDERED_PAGES, PRERENDERED_SHELL). */
  file: string;
  /**
   * A page the app takes over as it is (hydrates), with its address; the loading screen
   * (PRERENDERED_SHELL) is only drawn over.
   */
  hydrated: { path: string } | null;
  /** What goes in `#root`. */
  html: string;
  /** The style elements of the Emotion rules `html` uses. */
  styles: string;
}

/** `element`'s markup, and the style elements of the Emotion rules it uses. */
async function render(element: ReactNode): Promise<{ html: string; styles: string }> {
  // Emotion's default cache key, so the browser's default cache adopts these rules instead of adding them again.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  // prerender, not renderToString: it waits for lazy components (the top bar's tooltip), which
  // renderToString would leave for the browser to draw, with an error, instead of hydrating.
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>{element}</CacheProvider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}

/**
 * The build's prerendering (decisions 027 and 033), bundled for Node by `vite build --ssr` and run
 * by vite.config.ts, in each interface language: each of PRERENDERED_PAGES signed out, as the
 * browser's first render draws it (main.tsx hydrates it), and the loading screen the app starts on.
 */
export async function prerenderPages(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  startDrawingAsInHtml();
  for (const language of uiLanguages) {
    await prerenderI18n(language);
    for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
      const page = await render(
        <StaticRouter location={path}>
          <App />
        </StaticRouter>,
      );
      pages.push({ language, file, hydrated: { path }, ...page });
    }
    const shell = await render(
      <AppTheme>
        <LoadingScreen />
      </AppTheme>,
    );
    pages.push({ language, file: PRERENDERED_SHELL, hydrated: null, ...shell });
  }
  return pages;
}
