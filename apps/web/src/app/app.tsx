import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useDeferredValue, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoutes } from 'react-router';
import { ConfirmProvider } from '../components/confirm-provider.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { SnackbarProvider } from '../components/snackbar-provider.tsx';
import { AuthProvider, useAuth, ViewingAsBanner } from '../features/auth/index.ts';
import { FIRST_PAGE_TEXTS } from '../lib/i18n.ts';
import { takeoverCommitted } from '../lib/prerendered-value.ts';
import { routes } from './router.tsx';
import { themeFor } from './theme.ts';

function AppRoutes() {
  const { loadingUser } = useAuth();
  // With a stored token, the current user loads before any route renders (spec §2). The page that
  // follows renders as a transition, in slices the browser can interleave with other work, rather
  // than in one long task (decision 027).
  const waiting = useDeferredValue(loadingUser);
  const page = useRoutes(routes);
  // No Suspense boundary around the page: one whose code is still on its way suspends a render that
  // is always a transition (the first render, the switch above, the router's navigations), so React
  // keeps what is on screen — the loading screen, or the page being left — until the code is here,
  // as the data router did. A boundary would draw its fallback, and React then keeps a fallback up
  // for at least 300 ms (decision 036).
  if (loadingUser || waiting) return <LoadingScreen />;
  return page;
}

/**
 * The theme, which follows the interface language (so MUI's own labels do too), and the baseline
 * styles: every page is drawn in them, and so is the prerendered loading screen (prerender.tsx).
 */
export function AppTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation(FIRST_PAGE_TEXTS);
  const language = i18n.resolvedLanguage;
  const theme = useMemo(() => themeFor(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** Drawn inside a router: the browser's (main.tsx), or a static one on the build's prerendered pages (prerender.tsx). */
export function App() {
  // Its first commit ends the takeover of a prerendered page (usePrerenderedValue).
  useEffect(takeoverCommitted, []);
  return (
    <AppTheme>
      <SnackbarProvider>
        <ConfirmProvider>
          <AuthProvider>
            <AppRoutes />
            <ViewingAsBanner />
          </AuthProvider>
        </ConfirmProvider>
      </SnackbarProvider>
    </AppTheme>
  );
}
