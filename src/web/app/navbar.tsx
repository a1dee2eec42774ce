import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { isStaffRole } from '../../shared/roles';
import { UNREAD_COUNTS_KEY, useUnreadCounts } from '../features/notifications/api/get-unread-counts';
import { useHydrated } from '../lib/hydrated';
import { useSession } from '../lib/session';
import { useSite } from '../lib/site';

// Only members see it, so visitors of the landing page do not download it.
const SignOutButton = lazy(() => import('../features/auth/components/sign-out-button').then((m) => ({ default: m.SignOutButton })));

interface NavbarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
}

const MENU_SWITCH_ID = 'menu-switch';

export function Navbar({ menuOpen, onToggleMenu, onCloseMenu }: NavbarProps) {
  const { user } = useSession();
  const { data: site } = useSite();
  // Drawn on the server, the menu opens only once React has taken the page over.
  const hydrated = useHydrated();
  const navClass = ({ isActive }: { isActive: boolean }) => `navbar__link${isActive ? ' navbar__link--active' : ''}`;
  const counts = useFreshUnreadCounts(Boolean(user));
  // The menu opened before the code arrived stays open once the button takes over.
  useEffect(() => {
    const early = document.getElementById(MENU_SWITCH_ID) as HTMLInputElement | null;
    if (!hydrated || !early?.checked) return;
    early.checked = false;
    if (!menuOpen) onToggleMenu();
    // Once, when the page is taken over (hydrated only ever turns true).
  }, [hydrated, menuOpen, onToggleMenu]);

  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Link to="/" className="navbar__brand" onClick={onCloseMenu}>
          <span className="navbar__logo" aria-hidden="true">
            M³
          </span>
          <span className="navbar__name">{site?.companyName ?? 'Home of Movies'}</span>
        </Link>
        {/* Until the code has taken the page over (a drawn page on a slow phone), the menu opens
            with this checkbox and its label alone, by CSS; then the button below takes over, open if
            the checkbox was. */}
        <input type="checkbox" id={MENU_SWITCH_ID} className="navbar__switch" aria-label="Open menu" aria-controls="main-menu" hidden={hydrated} />
        {hydrated ? (
          <button
            type="button"
            className="navbar__toggle"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={onToggleMenu}
          >
            <span className="navbar__bars" aria-hidden="true" />
          </button>
        ) : (
          // The label is the checkbox's tap target and picture; the checkbox is named by its own
          // aria-label, which holds while the label is not shown (a wide screen). The label is not
          // hidden with aria-hidden: that is not valid HTML on a label (the W3C checker).
          // eslint-disable-next-line jsx-a11y/label-has-associated-control -- named by the checkbox's aria-label
          <label htmlFor={MENU_SWITCH_ID} className="navbar__toggle">
            <span className="navbar__bars" />
          </label>
        )}
        <nav id="main-menu" className={`navbar__menu${menuOpen ? ' navbar__menu--open' : ''}`} aria-label="Main">
          {/* A tap on any of the menu's links closes it: one listener for them all, the links stay the controls. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
          <ul className="navbar__list" onClick={onCloseMenu}>
            <li>
              <NavLink to="/" end className={navClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to="/about" className={navClass}>
                About
              </NavLink>
            </li>
            <li>
              <NavLink to="/services" className={navClass}>
                Services
              </NavLink>
            </li>
            <li>
              <NavLink to="/talent" className={navClass}>
                Talent
              </NavLink>
            </li>
            <li>
              <NavLink to="/contact" className={navClass}>
                Contact
              </NavLink>
            </li>
            {user ? (
              <>
                <li>
                  <NavLink to="/events" className={navClass}>
                    Events
                  </NavLink>
                </li>
                {!isStaffRole(user.role) && (
                  <li>
                    <NavLink to="/calendar" className={navClass}>
                      Calendar
                    </NavLink>
                  </li>
                )}
                {!isStaffRole(user.role) && (
                  <li>
                    <NavLink to="/notifications" className={navClass}>
                      Notifications
                      <MenuCount count={counts?.notifications} what="unread" />
                    </NavLink>
                  </li>
                )}
                {isStaffRole(user.role) ? (
                  <li>
                    <NavLink to="/admin" className={navClass}>
                      Console
                    </NavLink>
                  </li>
                ) : (
                  <li>
                    <NavLink to="/profile" className={navClass}>
                      Profile
                      <MenuCount count={counts?.bookingRequests} what={counts?.bookingRequests === 1 ? 'new booking request' : 'new booking requests'} />
                    </NavLink>
                  </li>
                )}
                <li>
                  <Suspense fallback={null}>
                    <SignOutButton className="navbar__link navbar__button" />
                  </Suspense>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to="/login" className={navClass}>
                    Log in
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/signup" className="navbar__link navbar__cta">
                    Sign up
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** Counts fetched this recently are not asked again on a page change (the page the server drew came with them). */
const COUNTS_RECENT_MS = 10_000;

/** The menu's counts, asked again on every page change as well as each minute. */
function useFreshUnreadCounts(signedIn: boolean) {
  const { pathname } = useLocation();
  const client = useQueryClient();
  const { data, refetch } = useUnreadCounts(signedIn);
  useEffect(() => {
    const fetchedAt = client.getQueryState(UNREAD_COUNTS_KEY)?.dataUpdatedAt ?? 0;
    if (signedIn && Date.now() - fetchedAt > COUNTS_RECENT_MS) void refetch();
  }, [pathname, signedIn, refetch, client]);
  return signedIn ? data : undefined;
}

/** A small number beside a menu link; screen readers hear what it counts. */
function MenuCount({ count, what }: { count: number | undefined; what: string }) {
  if (!count) return null;
  return (
    <span className="navbar__count">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">
        {count} {what}
      </span>
    </span>
  );
}
