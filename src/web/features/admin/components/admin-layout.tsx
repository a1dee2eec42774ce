import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { type ConsoleArea, mayUse } from '../../../../shared/roles';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import type { ConsoleWaiting } from '../../../../shared/schemas/reports';
import { useConsoleHome } from '../api/home';
import { useStaffMe } from '../api/me';
import { UndeliveredMail } from './undelivered-mail';
import './admin.css';

/**
 * Sections of the staff console; each feature adds its own page under /admin, shown to the roles
 * its area allows. `waiting` names the console home's count shown as the tab's badge.
 */
export const ADMIN_SECTIONS: { to: string; label: string; area: ConsoleArea; waiting?: keyof ConsoleWaiting }[] = [
  { to: '/admin', label: 'Home', area: 'home' },
  { to: '/admin/payments', label: 'Payments', area: 'payments', waiting: 'payments' },
  { to: '/admin/ads', label: 'Ads', area: 'ads', waiting: 'ads' },
  { to: '/admin/submissions', label: 'Submissions', area: 'submissions', waiting: 'submissions' },
  { to: '/admin/messages', label: 'Messages', area: 'messages', waiting: 'messages' },
  { to: '/admin/members', label: 'Members', area: 'members' },
  { to: '/admin/reports', label: 'Reports', area: 'reports' },
  { to: '/admin/premieres', label: 'Premieres', area: 'premieres' },
  { to: '/admin/events', label: 'Events', area: 'events' },
  { to: '/admin/talent', label: 'Talent', area: 'talent', waiting: 'talent' },
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
  const mustEnrol = me.data ? me.data.twoFactorRequired && !me.data.twoFactorEnabled : false;
  const home = useConsoleHome(!me.isPending && !mustEnrol);
  const { refetch } = home;
  const shownPath = useRef(location.pathname);
  // The badges follow the work done: read the counts again on each move to another console page.
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (!mustEnrol) void refetch();
  }, [location.pathname, mustEnrol, refetch]);
  if (me.isPending) return <Spinner />;
  if (mustEnrol && location.pathname !== ENROL_PATH) return <Navigate to={ENROL_PATH} replace />;
  const sections = ADMIN_SECTIONS.filter((section) => user && mayUse(user.role, section.area) && (!mustEnrol || section.to === ENROL_PATH));

  return (
    <section className="page admin" aria-labelledby="admin-title">
      <h1 id="admin-title">Staff console</h1>
      <nav className="admin__nav" aria-label="Console sections">
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to} end={section.to === '/admin'} className={({ isActive }) => `admin__tab${isActive ? ' admin__tab--active' : ''}`}>
            {section.label}
            <WaitingBadge count={section.waiting ? home.data?.waiting[section.waiting] : undefined} />
          </NavLink>
        ))}
      </nav>
      <UndeliveredMail />
      <Outlet />
    </section>
  );
}

function WaitingBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="admin__tab-count">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}
