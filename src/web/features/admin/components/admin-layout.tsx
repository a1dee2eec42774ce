import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { type ConsoleArea, mayUse } from '../../../../shared/roles';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { useStaffMe } from '../api/me';
import { UndeliveredMail } from './undelivered-mail';
import './admin.css';

/** Sections of the staff console; each feature adds its own page under /admin, shown to the roles its area allows. */
export const ADMIN_SECTIONS: { to: string; label: string; area: ConsoleArea }[] = [
  { to: '/admin/payments', label: 'Payments', area: 'payments' },
  { to: '/admin/ads', label: 'Ads', area: 'ads' },
  { to: '/admin/submissions', label: 'Submissions', area: 'submissions' },
  { to: '/admin/members', label: 'Members', area: 'members' },
  { to: '/admin/premieres', label: 'Premieres', area: 'premieres' },
  { to: '/admin/events', label: 'Events', area: 'events' },
  { to: '/admin/talent', label: 'Talent', area: 'talent' },
  { to: '/admin/audit', label: 'Audit log', area: 'audit' },
  { to: '/admin/announcements', label: 'Announcements', area: 'announcements' },
  { to: '/admin/plans', label: 'Plans', area: 'plans' },
  { to: '/admin/staff', label: 'Staff', area: 'staff' },
  { to: '/admin/2fa', label: 'Two-factor sign-in', area: 'me' },
];

const ENROL_PATH = '/admin/2fa';

/** The console: the sections the staff member's role may use; where two-factor sign-in is required and not set up, only its page. */
export function AdminLayout() {
  const { user } = useSession();
  const me = useStaffMe();
  const location = useLocation();
  if (me.isPending) return <Spinner />;
  const mustEnrol = me.data ? me.data.twoFactorRequired && !me.data.twoFactorEnabled : false;
  if (mustEnrol && location.pathname !== ENROL_PATH) return <Navigate to={ENROL_PATH} replace />;
  const sections = ADMIN_SECTIONS.filter((section) => user && mayUse(user.role, section.area) && (!mustEnrol || section.to === ENROL_PATH));

  return (
    <section className="page admin" aria-labelledby="admin-title">
      <h1 id="admin-title">Staff console</h1>
      <nav className="admin__nav" aria-label="Console sections">
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to} className={({ isActive }) => `admin__tab${isActive ? ' admin__tab--active' : ''}`}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <UndeliveredMail />
      <Outlet />
    </section>
  );
}
