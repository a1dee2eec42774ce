/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

/**
 * The service worker (built by vite-plugin-pwa into /sw.js). It keeps the page shell and the
 * static files so the site starts without a connection; it never keeps an API answer (nothing
 * under /api/ is routed here, so those requests go to the network as if it were not there).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const SHELL = 'index.html';

// A new build takes over at once: its shell and files replace the old ones, and a tab still
// showing the old build reloads itself for a file that is gone (src/web/lib/missing-code.ts).
void self.skipWaiting();
clientsClaim();

// The shell, its scripts and the icons, as this build made them (vite.config.ts picks them).
// '/' is not answered from here: pages come from the network first (below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// Pages from the network, so a page the server renders is never an old copy. Offline, the kept
// shell starts the app, which shows what it can and says "You are offline" for the rest.
const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(SHELL)) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

// Files under /assets/ carry their content's hash in the name, so a kept copy is never stale:
// kept as the pages use them, and those the first visit loaded before this worker started,
// which the page sends here once it is ready (lib/service-worker.ts; workbox's CACHE_URLS).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })] }),
);
