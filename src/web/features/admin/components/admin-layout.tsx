import { NavLink, Outlet } from 'react-router';
import { UndeliveredMail } from './undelivered-mail';
import './admin.css';

/** Sections of the staff console; each feature adds its own page under /admin. */
export const ADMIN_SECTIONS: { to: string; label: string }[] = [
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/ads', label: 'Ads' },
  { to: '/admin/submissions', label: 'Submissions' },
  { to: '/admin/members', label: 'Members' },
  { to: '/admin/premieres', label: 'Premieres' },
  { to: '/admin/talent', label: 'Talent' },
];

export function AdminLayout() {
  return (
    <section className="page admin" aria-labelledby="admin-title">
      <h1 id="admin-title">Staff console</h1>
      <nav className="admin__nav" aria-label="Console sections">
        {ADMIN_SECTIONS.map((section) => (
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
