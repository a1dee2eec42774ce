import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '../../shared/constants';

const wideQuery = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/**
 * The mobile menu: open or closed, marks <body> as menu-open below the breakpoint (so the page
 * behind cannot scroll), and is forced closed at the breakpoint or wider and on every navigation.
 */
export function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    const media = window.matchMedia(wideQuery);
    const closeWhenWide = () => {
      if (media.matches) setOpen(false);
    };
    media.addEventListener('change', closeWhenWide);
    window.addEventListener('resize', closeWhenWide);
    return () => {
      media.removeEventListener('change', closeWhenWide);
      window.removeEventListener('resize', closeWhenWide);
    };
  }, []);

  useEffect(() => {
    const marked = open && !window.matchMedia(wideQuery).matches;
    document.body.classList.toggle('menu-open', marked);
    return () => document.body.classList.remove('menu-open');
  }, [open]);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, toggle, close };
}
