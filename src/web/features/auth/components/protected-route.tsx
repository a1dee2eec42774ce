import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { withReturnTo } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';

interface ProtectedRouteProps {
  /** Where a visitor without a session goes. */
  redirectTo?: string;
  /** When set, a member whose account is not activated (status false) goes here instead. */
  inactiveRedirectTo?: string;
  children?: ReactNode;
}

/**
 * A spinner while the session loads; then a redirect (to `redirectTo` without a user, carrying
 * the page asked for so signing in leads back to it; to `inactiveRedirectTo` for a member not yet
 * activated) or the page.
 */
export function ProtectedRoute({ redirectTo = '/login', inactiveRedirectTo, children }: ProtectedRouteProps) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to={withReturnTo(redirectTo, `${location.pathname}${location.search}${location.hash}`)} replace />;
  if (inactiveRedirectTo && !user.status) return <Navigate to={inactiveRedirectTo} replace />;
  return children ?? <Outlet />;
}
