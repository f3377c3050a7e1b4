import { PREMIUM_RESULT_PATHS } from '@vocagarden/contract';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from '../features/auth/index.ts';
import { ContactPage } from '../features/contact/index.ts';
import { NotFoundPage } from '../features/errors/index.ts';
import { LandingPage } from '../features/landing/index.ts';
import { LegalPage } from '../features/legal/index.ts';
import { UnderConstructionPage } from '../features/placeholder/index.ts';
import { PremiumShell } from '../features/premium/index.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import { PremiumLayout } from './layouts/premium-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RequireToken } from './route-guards.tsx';

const placeholder = (titleKey: string) => <UnderConstructionPage titleKey={titleKey} />;

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
              { path: '/xanalytics', element: placeholder('analytics.title') },
              { path: '/xanalytics/email-management', element: placeholder('analytics.emailManagement') },
              { path: '/xanalytics/:id', element: placeholder('analytics.userTitle') },
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
