import { Navigate, Outlet } from 'react-router';
import { isStaffRole } from '../../../../shared/roles';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';

/** The console is for staff only: visitors sign in first, members go back to their dashboard. */
export function StaffRoute() {
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: '/admin' }} />;
  if (!isStaffRole(user.role)) return <Navigate to="/profile" replace />;
  return <Outlet />;
}
