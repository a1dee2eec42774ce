import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { sessionQuery } from './lib/session';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

// Ask who is signed in while the page's own code is still downloading.
void queryClient.prefetchQuery(sessionQuery);
registerServiceWorker();

// The first render as a transition: React yields to the browser every few milliseconds instead
// of holding a slow phone's main thread for the whole page. Later navigations show the page's
// spinner at once (useTransitions off) rather than keeping the old page while the new one loads.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
