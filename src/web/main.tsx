import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { adoptServerData } from './lib/page-data';
import { sessionQuery } from './lib/session';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';
import './app/server-drawn-styles';

// Ask who is signed in while the page's own code is still downloading.
void queryClient.prefetchQuery(sessionQuery);
registerServiceWorker();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// A public page arrives drawn by the server: React takes over its HTML. A member page arrives as
// the shell and is drawn here. Both as a transition: React yields to the browser every few
// milliseconds instead of holding a slow phone's main thread for the whole page. Later navigations
// show the page's spinner at once (useTransitions off) rather than keeping the old page while the
// new one loads.
const drawn = adoptServerData(queryClient);
startTransition(() => {
  if (drawn) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
