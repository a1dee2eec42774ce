import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** How long a page may take (lazy code, then its data) to become tall enough, or to show its #anchor. */
const SETTLE_MS = 3000;

function readSaved(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]);
  } catch {
    return new Map();
  }
}

/** Whether the document was opened anew (a link, a typed address, a redirect), not reloaded or reached by Back/Forward. */
function documentLoadIsNew(): boolean {
  const [load] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return load?.type === 'navigate';
}

function anchorOf(hash: string): HTMLElement | null {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Keeps trying `reached()` each frame until it is true, the reader scrolls on their own, or the
 * page had time to draw (a lazy page first shows a spinner, then its data arrives).
 */
function untilSettled(reached: () => boolean): () => void {
  const start = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  const step = () => {
    if (reached() || performance.now() - start > SETTLE_MS) return stop();
    frame = requestAnimationFrame(step);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}

/**
 * The browser's own scroll handling for a one-page app: a new page opens at its top (or at its
 * #anchor), Back and Forward return to where the reader was. Positions are kept per history
 * entry, in sessionStorage too so they survive a reload.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= readSaved();
  // A link to a #section on the same page is the browser's own navigation: an entry without a key of its own.
  const entry = `${location.key} ${location.pathname}${location.search}${location.hash}`;
  const currentKey = useRef(entry);
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.current?.set(currentKey.current, window.scrollY);
    const persist = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...(positions.current ?? [])].slice(-100)));
    // The reader may have scrolled the server-drawn page before the app took it over.
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = entry;
    const firstRender = lastPath.current === null;
    const pathChanged = lastPath.current !== location.pathname;
    lastPath.current = location.pathname;

    // Every fresh load has the same history key ('default'): only a reload or Back/Forward to the
    // document returns to a saved position. A new visit (a link, a redirect from Paystack) stays
    // where the browser put it, scrolled by the reader already if the server drew the page.
    const newVisit = firstRender && documentLoadIsNew();
    if (navigationType === 'POP' && !newVisit) {
      const saved = positions.current?.get(entry);
      if (saved === undefined) return;
      return untilSettled(() => {
        window.scrollTo(0, saved);
        return Math.abs(window.scrollY - saved) < 2;
      });
    }
    if (location.hash) {
      return untilSettled(() => {
        const anchor = anchorOf(location.hash);
        anchor?.scrollIntoView();
        return anchor !== null;
      });
    }
    // A filter or page number changed in the address: the reader stays where they are.
    if (pathChanged && !newVisit) window.scrollTo(0, 0);
  }, [entry, location.pathname, location.hash, navigationType]);

  return null;
}
