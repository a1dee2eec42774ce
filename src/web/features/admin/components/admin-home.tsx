import { Navigate } from 'react-router';
import { mayUse } from '../../../../shared/roles';
import { useSession } from '../../../lib/session';

/** /admin opens on the work waiting for the staff member's role: payments for admins and finance, adverts for moderators. */
export function AdminHome() {
  const { user } = useSession();
  return <Navigate to={user && mayUse(user.role, 'payments') ? '/admin/payments' : '/admin/ads'} replace />;
}
