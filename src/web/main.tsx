import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { adoptServerData } from './lib/page-data';
import { askWhoIsSignedIn, sessionQuery } from './lib/session';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';
import './app/server-drawn-styles';

// A page the server drew: a public one, or a member page drawn for its member (lib/session.ts).
const drawn = adoptServerData(queryClient);
// Ask who is signed in while the page's own code is still downloading (a member page drawn for
// its member already says); on a public page drawn by the server, without telling the page before
// React has taken it over (lib/session.ts).
if (drawn === 'visitor') askWhoIsSignedIn();
else void queryClient.prefetchQuery(sessionQuery);
registerServiceWorker();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Providers drawn={drawn !== false} forMember={drawn === 'member'}>
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// A public page, and the dashboard, arrive drawn by the server: React takes over their HTML. The
// other member pages arrive as the shell and are drawn here. Both as a transition: React yields to
// the browser every few milliseconds instead of holding a slow phone's main thread for the whole
// page. Later navigations show the page's spinner at once (useTransitions off) rather than keeping
// the old page while the new one loads.
startTransition(() => {
  if (drawn) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
