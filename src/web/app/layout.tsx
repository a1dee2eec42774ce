import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LazyToasts } from '../components/lazy-toasts';
import { lazyNamed } from '../lib/lazy-named';
import { Spinner } from '../components/spinner';
import { ErrorBoundary } from '../components/error-boundary';
import { RouteErrorBoundary } from './route-error';
import { ScrollRestoration } from './scroll-restoration';
import { useMobileMenu } from './use-mobile-menu';

const Navbar = lazyNamed(() => import('./navbar'), 'Navbar');
const Footer = lazyNamed(() => import('./footer'), 'Footer');

export function Layout() {
  const menu = useMobileMenu();
  const { pathname } = useLocation();

  return (
    <>
      <ScrollRestoration />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* On a dropped connection the rest of the site still works: a plain link home reloads it all. */}
      <ErrorBoundary fallback={() => <NavbarFallback />}>
        <Suspense fallback={<div className="navbar navbar--placeholder">Loading Navbar...</div>}>
          <Navbar menuOpen={menu.open} onToggleMenu={menu.toggle} onCloseMenu={menu.close} />
        </Suspense>
      </ErrorBoundary>
      <main id="main" className="main">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <ErrorBoundary fallback={() => null}>
        <Suspense fallback={<div className="footer footer--placeholder">Loading Footer...</div>}>
          <Footer />
        </Suspense>
      </ErrorBoundary>
      <LazyToasts />
    </>
  );
}

function NavbarFallback() {
  return (
    <div className="navbar navbar--placeholder">
      <a className="navbar__fallback-link" href="/">
        Home
      </a>
    </div>
  );
}
