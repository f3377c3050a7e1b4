import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../features/auth/index.ts';

/** Only the presence of a stored token gates routes (spec §2); the server enforces the rest. */
export function RequireToken({ redirectTo, children }: { redirectTo: string; children?: ReactNode }) {
  const { token } = useAuth();
  if (!token) return <Navigate to={redirectTo} replace />;
  return children ?? <Outlet />;
}
