import { createBrowserRouter, Navigate } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { SignupPage } from '../features/auth/signup-page.tsx';
import { ClassroomDetailPage } from '../features/classrooms/classroom-detail-page.tsx';
import { ClassroomsPage } from '../features/classrooms/classrooms-page.tsx';
import { ContactPage } from '../features/contact/contact-page.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { MyListsPage } from '../features/lists/my-lists-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { LegalPage } from '../features/legal/legal-page.tsx';
import { UnderConstructionPage } from '../features/placeholder/under-construction-page.tsx';
import { PremiumErrorPage, PremiumSuccessPage } from '../features/premium/premium-result-pages.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { PlayPage } from '../features/study/play-page.tsx';
import { BulletinPage } from '../features/vocabulary/bulletin-page.tsx';
import { CategoryPage } from '../features/vocabulary/category-page.tsx';
import { VocabularyPage } from '../features/vocabulary/vocabulary-page.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { PremiumLayout } from './layouts/premium-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RequireToken } from './route-guards.tsx';

const placeholder = (titleKey: string) => <UnderConstructionPage titleKey={titleKey} />;

/** The spec's route table (§2). */
export const router = createBrowserRouter([
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
    element: (
      <RequireToken redirectTo="/">
        <PlayPage />
      </RequireToken>
    ),
  },
  {
    element: <RequireToken redirectTo="/login" />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/vocabulary', element: <VocabularyPage /> },
          { path: '/mylists', element: <MyListsPage /> },
          { path: '/classroom', element: <ClassroomsPage /> },
          { path: '/classroom/:pin', element: <ClassroomDetailPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/category/:id', element: <CategoryPage /> },
          { path: '/bulletin/:id', element: <BulletinPage /> },
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
      { path: '/premium/success', element: <PremiumSuccessPage /> },
      { path: '/premium/error', element: <PremiumErrorPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
]);
