import { NavLink } from 'react-router';

const LINKS = [
  { to: '/admin/schedule', label: 'Dates', end: true },
  { to: '/admin/schedule/series', label: 'Sessions', end: false },
  { to: '/admin/schedule/certificates', label: 'Certificates', end: false },
] as const;

/** The schedule area's own pages, under the console's Schedule tab. */
export function ScheduleNav() {
  return (
    <nav className="schedule-nav" aria-label="Schedule">
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} className={({ isActive }) => `schedule-nav__link${isActive ? ' schedule-nav__link--active' : ''}`}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
