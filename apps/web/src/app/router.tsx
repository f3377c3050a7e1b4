import { PREMIUM_RESULT_PATHS, UNSUBSCRIBE_PAGE_PATH } from '@vocagarden/contract';
import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { LoginPage } from '../features/auth/index.ts';
import { LandingPage } from '../features/landing/index.ts';
import { PremiumShell } from '../features/premium/index.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RequireStaff, RequireToken, WelcomeFirst } from './route-guards.tsx';

const staffOnly = (page: ReactNode) => <RequireStaff>{page}</RequireStaff>;

// The staff area is its own chunk, requested only when a staff member opens it (see RequireStaff).
const AnalyticsPage = lazy(() =>
  import('../features/analytics/analytics-page.tsx').then((module) => ({ default: module.AnalyticsPage })),
);
const UserAnalyticsPage = lazy(() =>
  import('../features/analytics/user-analytics-page.tsx').then((module) => ({ default: module.UserAnalyticsPage })),
);
const EmailManagementPage = lazy(() =>
  import('../features/analytics/email-management-page.tsx').then((module) => ({
    default: module.EmailManagementPage,
  })),
);
const ViewAsPage = lazy(() =>
  import('../features/analytics/view-as-page.tsx').then((module) => ({ default: module.ViewAsPage })),
);

/**
 * The spec's route table (§2). Only the landing page and sign-in come with the first page
 * (decision 027); every other page, and the signed-in and payment layouts, load on first visit:
 * their routes import the page module itself (the one exception to "import a feature through its
 * index.ts", allowed by the lint config), so each page's chunk holds only what that page needs.
 * The browser's router (main.tsx) and the build's prerendering (prerender.tsx) both serve it.
 */
export const routes: RouteObject[] = [
  {
    // Shown while a page that loads on demand arrives on the first visit.
    hydrateFallbackElement: <LoadingScreen />,
    // The plan choice that every upsell opens, and the live offer's announcement.
    element: <PremiumShell />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/login', element: <LoginPage /> },
          {
            path: '/signup',
            lazy: () => import('../features/auth/signup-page.tsx').then((module) => ({ Component: module.SignupPage })),
          },
          {
            path: '/terms',
            lazy: () =>
              import('../features/legal/legal-page.tsx').then((module) => ({
                element: <module.LegalPage document="terms" />,
              })),
          },
          {
            path: '/privacy',
            lazy: () =>
              import('../features/legal/legal-page.tsx').then((module) => ({
                element: <module.LegalPage document="privacy" />,
              })),
          },
          {
            path: '/contact',
            lazy: () =>
              import('../features/contact/contact-page.tsx').then((module) => ({ Component: module.ContactPage })),
          },
          {
            path: '/forgot-password',
            lazy: () =>
              import('../features/auth/forgot-password-page.tsx').then((module) => ({
                Component: module.ForgotPasswordPage,
              })),
          },
          {
            path: '/reset-password',
            lazy: () =>
              import('../features/auth/reset-password-page.tsx').then((module) => ({
                Component: module.ResetPasswordPage,
              })),
          },
          {
            path: UNSUBSCRIBE_PAGE_PATH,
            lazy: () =>
              import('../features/unsubscribe/unsubscribe-page.tsx').then((module) => ({
                Component: module.UnsubscribePage,
              })),
          },
          {
            path: '/404',
            lazy: () =>
              import('../features/errors/not-found-page.tsx').then((module) => ({ Component: module.NotFoundPage })),
          },
          {
            element: <RequireToken />,
            children: [
              {
                path: '/welcome',
                lazy: () =>
                  import('../features/auth/welcome-page.tsx').then((module) => ({ Component: module.WelcomePage })),
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
            lazy: () => import('../features/study/play-page.tsx').then((module) => ({ Component: module.PlayPage })),
          },
        ],
      },
      {
        element: <RequireToken />,
        children: [
          {
            lazy: () => import('./layouts/app-layout.tsx').then((module) => ({ Component: module.AppLayout })),
            children: [
              {
                path: '/home',
                element: <WelcomeFirst />,
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('../features/home/home-page.tsx').then((module) => ({ Component: module.HomePage })),
                  },
                ],
              },
              {
                path: '/vocabulary',
                lazy: () =>
                  import('../features/vocabulary/vocabulary-page.tsx').then((module) => ({
                    Component: module.VocabularyPage,
                  })),
              },
              {
                path: '/mylists',
                lazy: () =>
                  import('../features/lists/my-lists-page.tsx').then((module) => ({ Component: module.MyListsPage })),
              },
              {
                path: '/classroom',
                lazy: () =>
                  import('../features/classrooms/classrooms-page.tsx').then((module) => ({
                    Component: module.ClassroomsPage,
                  })),
              },
              {
                path: '/classroom/:pin',
                lazy: () =>
                  import('../features/classrooms/classroom-detail-page.tsx').then((module) => ({
                    Component: module.ClassroomDetailPage,
                  })),
              },
              {
                path: '/profile',
                lazy: () =>
                  import('../features/profile/profile-page.tsx').then((module) => ({ Component: module.ProfilePage })),
              },
              {
                path: '/category/:id',
                lazy: () =>
                  import('../features/vocabulary/category-page.tsx').then((module) => ({
                    Component: module.CategoryPage,
                  })),
              },
              {
                path: '/bulletin/:id',
                lazy: () =>
                  import('../features/lists/bulletin-page.tsx').then((module) => ({
                    Component: module.BulletinPage,
                  })),
              },
              { path: '/xanalytics', element: staffOnly(<AnalyticsPage />) },
              { path: '/xanalytics/email-management', element: staffOnly(<EmailManagementPage />) },
              { path: '/xanalytics/:id', element: staffOnly(<UserAnalyticsPage />) },
              { path: '/xanalytics/:id/view-as', element: staffOnly(<ViewAsPage />) },
            ],
          },
        ],
      },
      {
        lazy: () => import('./layouts/premium-layout.tsx').then((module) => ({ Component: module.PremiumLayout })),
        children: [
          {
            path: PREMIUM_RESULT_PATHS.success,
            lazy: () =>
              import('../features/premium/success-page.tsx').then((module) => ({ Component: module.SuccessPage })),
          },
          {
            path: PREMIUM_RESULT_PATHS.error,
            lazy: () =>
              import('../features/premium/error-page.tsx').then((module) => ({ Component: module.ErrorPage })),
          },
          {
            path: '/premium/sandbox/:orderId',
            element: <RequireToken />,
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/premium/sandbox-page.tsx').then((module) => ({
                    Component: module.SandboxPage,
                  })),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
