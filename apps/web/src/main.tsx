import './app/fonts.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { preloadPages } from './app/router.tsx';
import { requestProfile } from './features/auth/index.ts';
import { listenBeforeTheRouter } from './lib/history-guard.ts';
import i18n, { initI18n } from './lib/i18n.ts';
import { isMobileAgent } from './lib/mobile-agent.ts';
import { inNextTask } from './lib/next-task.ts';
import { startDrawingAsInHtml } from './lib/prerendered-value.ts';
import { tokenStorage } from './lib/token-storage.ts';

// The entry's modules have just run, in one long task of the main thread; the app starts in the next
// one, so the browser can handle input in between (decision 043).
inNextTask(() => {
  const token = tokenStorage.get();
  const signedIn = token !== null;
  // Signed in, the first call (the profile, and with it the contract's schemas it needs) starts now,
  // beside the interface language's texts, rather than after the first render (decision 027).
  if (signedIn) void requestProfile(token);
  // Before the router adds its own listener, so a page can hold a Back (useLeaveGuard).
  listenBeforeTheRouter();
  // The page's code (and its layouts') starts loading beside the texts and the profile, rather than
  // once the first render reaches it: in a task of its own, since matching the address against the
  // route table, still cold code, was half of this one (decision 043). Its files are already on their
  // way where it matters most: the first pages' and the loading screen's HTML preload them.
  inNextTask(() => preloadPages(window.location.pathname));

  // The interface language's texts arrive first (the first page's alone, one small chunk, for a
  // signed-out visitor), so the first render is in it. That render is a transition: React works in
  // short slices, so the page stays responsive (decisions 027 and 032).
  void initI18n({ allTexts: signedIn }).then(() => {
    const container = document.getElementById('root')!;
    const app = (
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>
    );
    // The server sends `/` and `/login` prerendered for signed-out visitors in the language it
    // guessed (apps/server/src/lib/http/web-pages.ts). React takes that page over as it is when this
    // render would draw the same; otherwise (signed in, another language chosen on this device) it
    // draws its own in place of it.
    if (!signedIn && container.dataset.prerendered === i18n.resolvedLanguage) {
      startDrawingAsInHtml();
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      const root = createRoot(container);
      startTransition(() => root.render(app));
    }
  });
});

// Desktop browsers get the spec's custom scrollbar, phones keep native scrolling. It arrives after the
// first page, in a chunk of its own, so the first page's JavaScript stays as small as it was.
if (!isMobileAgent(navigator)) {
  void import('./lib/custom-scrollbar.ts').then(({ installCustomScrollbar }) => installCustomScrollbar());
}
