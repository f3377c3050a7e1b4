import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { needsWelcome, signInPath, useAuth } from '../features/auth/index.ts';
import { NotAllowedPage } from '../features/errors/index.ts';

/**
 * Only the presence of a stored token gates routes (spec §2); the server enforces the rest. A
 * signed-out visitor goes to sign in and comes back to this very page (`/login?next=…`, decision
 * 021) — /play/{id} too, which the spec sent to the landing page, where the link was lost.
 */
export function RequireToken({ children }: { children?: ReactNode }) {
  const { token } = useAuth();
  const location = useLocation();
  if (!token) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return children ?? <Outlet />;
}

/** Home waits until the learner has said where they start: the one-time /welcome (decision 021). */
export function WelcomeFirst() {
  const { user } = useAuth();
  if (user && needsWelcome(user)) return <Navigate to="/welcome" replace />;
  return <Outlet />;
}

/**
 * Staff pages, rendered only once the signed-in user is known to be staff: a learner who types the
 * address sees why not, and never downloads the staff code, which loads on the staff page's first
 * render (router.tsx's staffPage, which preloadPages leaves alone). The server refuses learners on
 * every staff route regardless (403).
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user?.is_staff) return <NotAllowedPage />;
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
