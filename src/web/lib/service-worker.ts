/**
 * Installs the service worker (src/web/sw.ts) once the page has loaded, so it never competes with
 * the page's own downloads, then hands it the files this first visit already loaded: it keeps
 * them (from the browser's cache, not the network) so the next start works offline.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A page drawn on the server starts its code once painted, which may be after it has loaded.
  whenLoaded(() => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urlsToCache = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => new URL(url).pathname.startsWith('/assets/'));
        registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
      })
      // Without the worker the site works as before, only not offline.
      .catch(() => undefined);
  });
}

function whenLoaded(then: () => void): void {
  if (document.readyState === 'complete') then();
  else window.addEventListener('load', then, { once: true });
}
