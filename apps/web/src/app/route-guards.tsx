import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { useAuth } from '../features/auth/index.ts';
import { NotAllowedPage } from '../features/errors/index.ts';

/** Only the presence of a stored token gates routes (spec §2); the server enforces the rest. */
export function RequireToken({ redirectTo, children }: { redirectTo: string; children?: ReactNode }) {
  const { token } = useAuth();
  if (!token) return <Navigate to={redirectTo} replace />;
  return children ?? <Outlet />;
}

/**
 * Staff pages, rendered only once the signed-in user is known to be staff: a learner who types the
 * address sees why not, and never downloads the staff code when its pages are React.lazy (which
 * loads on first render, unlike a route's `lazy`, which the router calls for every matched route). The server refuses
 * learners on every staff route regardless (403).
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user?.is_staff) return <NotAllowedPage />;
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
