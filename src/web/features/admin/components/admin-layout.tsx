import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { type ConsoleArea, mayUse } from '../../../../shared/roles';
import type { ConsoleWaiting } from '../../../../shared/schemas/reports';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { useConsoleHome } from '../api/home';
import { useStaffMe } from '../api/me';
import { UndeliveredMail } from './undelivered-mail';
import '../../../styles/console.css';
import './admin.css';

interface AdminSection {
  to: string;
  label: string;
  area: ConsoleArea;
  /** The console home's count shown as the tab's badge. */
  waiting?: keyof ConsoleWaiting;
  /** Used now and then: listed under More, so the tabs stay on one line. */
  more?: true;
}

/** Sections of the staff console; each feature adds its own page under /admin, shown to the roles its area allows. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { to: '/admin', label: 'Home', area: 'home' },
  { to: '/admin/payments', label: 'Payments', area: 'payments', waiting: 'payments' },
  { to: '/admin/ads', label: 'Ads', area: 'ads', waiting: 'ads' },
  { to: '/admin/submissions', label: 'Submissions', area: 'submissions', waiting: 'submissions' },
  { to: '/admin/messages', label: 'Messages', area: 'messages', waiting: 'messages' },
  { to: '/admin/members', label: 'Members', area: 'members' },
  { to: '/admin/reports', label: 'Reports', area: 'reports' },
  { to: '/admin/talent', label: 'Talent', area: 'talent', waiting: 'talent' },
  { to: '/admin/events', label: 'Events', area: 'events' },
  { to: '/admin/castings', label: 'Castings', area: 'castings' },
  { to: '/admin/schedule', label: 'Schedule', area: 'schedule' },
  { to: '/admin/attendance-fines', label: 'Attendance fines', area: 'membership', more: true },
  { to: '/admin/premieres', label: 'Premieres', area: 'premieres', more: true },
  { to: '/admin/announcements', label: 'Announcements', area: 'announcements', more: true },
  { to: '/admin/plans', label: 'Plans', area: 'plans', more: true },
  { to: '/admin/audit', label: 'Audit log', area: 'audit', more: true },
  { to: '/admin/staff', label: 'Staff', area: 'staff', more: true },
  { to: '/admin/settings', label: 'Settings', area: 'settings', more: true },
  { to: '/admin/2fa', label: 'Two-factor sign-in', area: 'me', more: true },
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
      <ConsoleNav sections={sections} pathname={location.pathname} waiting={home.data?.waiting} />
      <UndeliveredMail />
      <Outlet />
    </section>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) => `admin__tab${isActive ? ' admin__tab--active' : ''}`;

/** The console's tabs on one line: the daily queues, then a More menu (a native disclosure) with the rest. */
function ConsoleNav({ sections, pathname, waiting }: { sections: AdminSection[]; pathname: string; waiting: ConsoleWaiting | undefined }) {
  const main = sections.filter((section) => !section.more);
  const more = sections.filter((section) => section.more);
  const inMore = more.some((section) => pathname.startsWith(section.to));
  return (
    <nav className="admin__nav" aria-label="Console sections">
      {main.map((section) => (
        <NavLink key={section.to} to={section.to} end={section.to === '/admin'} className={tabClass}>
          {section.label}
          <WaitingBadge count={section.waiting ? waiting?.[section.waiting] : undefined} />
        </NavLink>
      ))}
      {more.length > 0 && (
        // Keyed by the page, so it folds again once a section is chosen.
        <details key={pathname} className="admin__more">
          <summary className={`admin__tab${inMore ? ' admin__tab--active' : ''}`}>More</summary>
          <ul className="admin__more-list">
            {more.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} className={tabClass}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </details>
      )}
    </nav>
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
