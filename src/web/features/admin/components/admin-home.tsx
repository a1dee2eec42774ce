import { Navigate } from 'react-router';

/** /admin opens on the payments queue: the work that is waiting on staff. */
export function AdminHome() {
  return <Navigate to="/admin/payments" replace />;
}
