import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LazyToasts } from '../components/lazy-toasts';
import { Spinner } from '../components/spinner';
import { RouteErrorBoundary } from './route-error';
import { useMobileMenu } from './use-mobile-menu';

const Navbar = lazy(() => import('./navbar').then((m) => ({ default: m.Navbar })));
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

export function Layout() {
  const menu = useMobileMenu();
  const { pathname } = useLocation();

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Suspense fallback={<div className="navbar navbar--placeholder">Loading Navbar...</div>}>
        <Navbar menuOpen={menu.open} onToggleMenu={menu.toggle} onCloseMenu={menu.close} />
      </Suspense>
      <main id="main" className="main">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={<div className="footer footer--placeholder">Loading Footer...</div>}>
        <Footer />
      </Suspense>
      <LazyToasts />
    </>
  );
}
