import { Navigate, Outlet } from 'react-router';
import { isStaffRole } from '../../shared/roles';
import { useSession } from '../lib/session';

/** A staff account is not a member: the dashboard, fee wizard and forms send staff to the console. */
export function MembersOnlyRoute() {
  const { user } = useSession();
  if (user && isStaffRole(user.role)) return <Navigate to="/admin" replace />;
  return <Outlet />;
}
