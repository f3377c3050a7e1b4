import { PREMIUM_RESULT_PATHS, UNSUBSCRIBE_PAGE_PATH } from '@vocagarden/contract';
import { createElement, lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { PremiumShell } from '../features/premium/index.ts';
import { lazyWithQueries, withQueries } from '../lib/lazy-with-queries.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RequireStaff, RequireToken, WelcomeFirst } from './route-guards.tsx';

/** What a lazily loaded page's route carries: how to start loading its code (preloadPages). */
interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * A route whose page is the component `load` gives, loaded on first visit. Its element suspends until
 * the code is here, and React keeps what is on screen meanwhile (app.tsx); preloadPages starts that
 * load early.
 */
function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  props?: Props,
): Pick<RouteObject, 'element' | 'handle'> {
  return {
    element: createElement(
      lazy(async () => ({ default: await load() })),
      props,
    ),
    handle: { preload: load } satisfies PageHandle,
  };
}

/** A page, or a layout, drawn inside the query cache, which comes with its code (decision 040). */
function page<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  ...[props]: object extends Props ? [] : [Props]
): Pick<RouteObject, 'element' | 'handle'> {
  return lazyPage(() => withQueries(load), props);
}

/**
 * The landing page or sign-in: each the HTML of a first page, which its own chunk and the entry
 * hydrate, without the query cache (decision 040).
 */
const firstPage = (load: () => Promise<ComponentType>) => lazyPage(load);

/**
 * A staff page: its own chunk, requested only when a staff member opens it (RequireStaff renders it
 * only then), so preloadPages leaves it alone.
 */
function staffPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'element'> {
  const Page = lazyWithQueries(load);
  return {
    element: (
      <RequireStaff>
        <Page />
      </RequireStaff>
    ),
  };
}

/**
 * The spec's route table (§2). Every page, and the signed-in and payment layouts, loads on first
 * visit; the landing page and sign-in, whose HTML is prerendered, with the entry (decision 040):
 * their routes import the page module itself (the one exception to "import a feature through its
 * index.ts", allowed by the lint config), so each page's chunk holds only what that page needs.
 * The app renders it with `useRoutes` (app.tsx), in the browser's router (main.tsx) and in the
 * build's prerendering (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    // The plan choice that every upsell opens, and the live offer's announcement.
    element: <PremiumShell />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            path: '/',
            ...firstPage(() => import('../features/landing/landing-page.tsx').then((module) => module.LandingPage)),
          },
          {
            path: '/login',
            ...firstPage(() => import('../features/auth/login-page.tsx').then((module) => module.LoginPage)),
          },
          {
            path: '/signup',
            ...page(() => import('../features/auth/signup-page.tsx').then((module) => module.SignupPage)),
          },
          {
            path: '/terms',
            ...page(() => import('../features/legal/legal-page.tsx').then((module) => module.LegalPage), {
              document: 'terms',
            }),
          },
          {
            path: '/privacy',
            ...page(() => import('../features/legal/legal-page.tsx').then((module) => module.LegalPage), {
              document: 'privacy',
            }),
          },
          {
            path: '/contact',
            ...page(() => import('../features/contact/contact-page.tsx').then((module) => module.ContactPage)),
          },
          {
            path: '/forgot-password',
            ...page(() =>
              import('../features/auth/forgot-password-page.tsx').then((module) => module.ForgotPasswordPage),
            ),
          },
          {
            path: '/reset-password',
            ...page(() =>
              import('../features/auth/reset-password-page.tsx').then((module) => module.ResetPasswordPage),
            ),
          },
          {
            path: UNSUBSCRIBE_PAGE_PATH,
            ...page(() =>
              import('../features/unsubscribe/unsubscribe-page.tsx').then((module) => module.UnsubscribePage),
            ),
          },
          {
            path: '/404',
            ...page(() => import('../features/errors/not-found-page.tsx').then((module) => module.NotFoundPage)),
          },
          {
            element: <RequireToken />,
            children: [
              {
                path: '/welcome',
                ...page(() => import('../features/auth/welcome-page.tsx').then((module) => module.WelcomePage)),
              },
            ],
          },
        ],
      },
      {
        path: '/play/:id',
        element: <RequireToken />,
        children: [
          {
            index: true,
            ...page(() => import('../features/study/play-page.tsx').then((module) => module.PlayPage)),
          },
        ],
      },
      {
        element: <RequireToken />,
        children: [
          {
            ...page(() => import('./layouts/app-layout.tsx').then((module) => module.AppLayout)),
            children: [
              {
                path: '/home',
                element: <WelcomeFirst />,
                children: [
                  {
                    index: true,
                    ...page(() => import('../features/home/home-page.tsx').then((module) => module.HomePage)),
                  },
                ],
              },
              {
                path: '/vocabulary',
                ...page(() =>
                  import('../features/vocabulary/vocabulary-page.tsx').then((module) => module.VocabularyPage),
                ),
              },
              {
                path: '/mylists',
                ...page(() => import('../features/lists/my-lists-page.tsx').then((module) => module.MyListsPage)),
              },
              {
                path: '/classroom',
                ...page(() =>
                  import('../features/classrooms/classrooms-page.tsx').then((module) => module.ClassroomsPage),
                ),
              },
              {
                path: '/classroom/:pin',
                ...page(() =>
                  import('../features/classrooms/classroom-detail-page.tsx').then(
                    (module) => module.ClassroomDetailPage,
                  ),
                ),
              },
              {
                path: '/profile',
                ...page(() => import('../features/profile/profile-page.tsx').then((module) => module.ProfilePage)),
              },
              {
                path: '/category/:id',
                ...page(() => import('../features/vocabulary/category-page.tsx').then((module) => module.CategoryPage)),
              },
              {
                path: '/bulletin/:id',
                ...page(() => import('../features/lists/bulletin-page.tsx').then((module) => module.BulletinPage)),
              },
              {
                path: '/xanalytics',
                ...staffPage(() =>
                  import('../features/analytics/analytics-page.tsx').then((module) => module.AnalyticsPage),
                ),
              },
              {
                path: '/xanalytics/email-management',
                ...staffPage(() =>
                  import('../features/analytics/email-management-page.tsx').then(
                    (module) => module.EmailManagementPage,
                  ),
                ),
              },
              {
                path: '/xanalytics/:id',
                ...staffPage(() =>
                  import('../features/analytics/user-analytics-page.tsx').then((module) => module.UserAnalyticsPage),
                ),
              },
              {
                path: '/xanalytics/:id/view-as',
                ...staffPage(() =>
                  import('../features/analytics/view-as-page.tsx').then((module) => module.ViewAsPage),
                ),
              },
            ],
          },
        ],
      },
      {
        ...page(() => import('./layouts/premium-layout.tsx').then((module) => module.PremiumLayout)),
        children: [
          {
            path: PREMIUM_RESULT_PATHS.success,
            ...page(() => import('../features/premium/success-page.tsx').then((module) => module.SuccessPage)),
          },
          {
            path: PREMIUM_RESULT_PATHS.error,
            ...page(() => import('../features/premium/error-page.tsx').then((module) => module.ErrorPage)),
          },
          {
            path: '/premium/sandbox/:orderId',
            element: <RequireToken />,
            children: [
              {
                index: true,
                ...page(() => import('../features/premium/sandbox-page.tsx').then((module) => module.SandboxPage)),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/**
 * Starts loading the code of every page `pathname` matches, layouts included: as the app starts,
 * beside the texts and the profile, rather than once the first render reaches each in turn.
 */
export function preloadPages(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) void (route.handle as PageHandle | undefined)?.preload();
}
