import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { LazyToasts } from '../components/lazy-toasts';
import { useMobileMenu } from './use-mobile-menu';

const Navbar = lazy(() => import('./navbar').then((m) => ({ default: m.Navbar })));
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

export function Layout() {
  const menu = useMobileMenu();
  const navigation = useNavigation();

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Suspense fallback={<div className="navbar navbar--placeholder">Loading Navbar...</div>}>
        <Navbar menuOpen={menu.open} onToggleMenu={menu.toggle} onCloseMenu={menu.close} />
      </Suspense>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <main id="main" className="main">
        <Suspense fallback={<p className="page-loading">Loading...</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={<div className="footer footer--placeholder">Loading Footer...</div>}>
        <Footer />
      </Suspense>
      <LazyToasts />
    </>
  );
}
