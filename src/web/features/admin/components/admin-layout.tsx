import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { type ConsoleArea, mayUse } from '../../../../shared/roles';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { useStaffMe } from '../api/me';
import { UndeliveredMail } from './undelivered-mail';
import './admin.css';

interface AdminSection {
  to: string;
  label: string;
  area: ConsoleArea;
  /** Used now and then: listed under More, so the tabs stay on one line. */
  more?: true;
}

/** Sections of the staff console; each feature adds its own page under /admin, shown to the roles its area allows. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { to: '/admin/payments', label: 'Payments', area: 'payments' },
  { to: '/admin/ads', label: 'Ads', area: 'ads' },
  { to: '/admin/submissions', label: 'Submissions', area: 'submissions' },
  { to: '/admin/members', label: 'Members', area: 'members' },
  { to: '/admin/premieres', label: 'Premieres', area: 'premieres' },
  { to: '/admin/talent', label: 'Talent', area: 'talent' },
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
  if (me.isPending) return <Spinner />;
  const mustEnrol = me.data ? me.data.twoFactorRequired && !me.data.twoFactorEnabled : false;
  if (mustEnrol && location.pathname !== ENROL_PATH) return <Navigate to={ENROL_PATH} replace />;
  const sections = ADMIN_SECTIONS.filter((section) => user && mayUse(user.role, section.area) && (!mustEnrol || section.to === ENROL_PATH));

  return (
    <section className="page admin" aria-labelledby="admin-title">
      <h1 id="admin-title">Staff console</h1>
      <ConsoleNav sections={sections} pathname={location.pathname} />
      <UndeliveredMail />
      <Outlet />
    </section>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) => `admin__tab${isActive ? ' admin__tab--active' : ''}`;

/** The console's tabs on one line: the daily queues, then a More menu (a native disclosure) with the rest. */
function ConsoleNav({ sections, pathname }: { sections: AdminSection[]; pathname: string }) {
  const main = sections.filter((section) => !section.more);
  const more = sections.filter((section) => section.more);
  const inMore = more.some((section) => pathname.startsWith(section.to));
  return (
    <nav className="admin__nav" aria-label="Console sections">
      {main.map((section) => (
        <NavLink key={section.to} to={section.to} className={tabClass}>
          {section.label}
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
