import { PREMIUM_RESULT_PATHS, UNSUBSCRIBE_PAGE_PATH } from '@vocagarden/contract';
import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from '../features/auth/index.ts';
import { ContactPage } from '../features/contact/index.ts';
import { NotFoundPage } from '../features/errors/index.ts';
import { LandingPage } from '../features/landing/index.ts';
import { LegalPage } from '../features/legal/index.ts';
import { PremiumShell } from '../features/premium/index.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import { PremiumLayout } from './layouts/premium-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RequireStaff, RequireToken } from './route-guards.tsx';

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
 * The spec's route table (§2). The signed-in pages load on first visit, so visitors to the
 * landing page do not download the whole app: their routes import the page module itself
 * (the one exception to "import a feature through its index.ts", allowed by the lint config),
 * so each page's chunk holds only what that page needs.
 */
export const router = createBrowserRouter([
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
          { path: '/signup', element: <SignupPage /> },
          { path: '/terms', element: <LegalPage document="terms" /> },
          { path: '/privacy', element: <LegalPage document="privacy" /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          {
            path: UNSUBSCRIBE_PAGE_PATH,
            lazy: () =>
              import('../features/unsubscribe/unsubscribe-page.tsx').then((module) => ({
                Component: module.UnsubscribePage,
              })),
          },
          { path: '/404', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/play/:id',
        element: <RequireToken redirectTo="/" />,
        children: [
          {
            index: true,
            lazy: () => import('../features/study/play-page.tsx').then((module) => ({ Component: module.PlayPage })),
          },
        ],
      },
      {
        element: <RequireToken redirectTo="/login" />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                path: '/home',
                lazy: () => import('../features/home/home-page.tsx').then((module) => ({ Component: module.HomePage })),
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
        element: <PremiumLayout />,
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
            element: <RequireToken redirectTo="/login" />,
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
]);
