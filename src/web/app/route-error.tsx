import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { OfflineNotice } from '../components/offline-notice';
import { Spinner } from '../components/spinner';
import { isMissingCode, reloadForMissingCode } from '../lib/missing-code';

const reload = () => window.location.reload();

/** What a page that failed to render (or to download) shows instead, inside the layout. */
export function RouteError({ error }: { error: unknown }) {
  if (isMissingCode(error)) return <MissingPage />;
  return (
    <div className="error-page">
      <h1>Unexpected Application Error!</h1>
      <p className="error-page__detail">{error instanceof Error ? error.message : String(error)}</p>
      <Link to="/" className="button button--primary">
        Go to the home page
      </Link>
    </div>
  );
}

/**
 * The page's file did not arrive. Most often the site was deployed since the tab opened and the
 * old build's file is gone: the page reloads once for the new build (lib/missing-code.ts; Vite's
 * `vite:preloadError` ends as this same error). Only pages do this, not the navbar, toasts or a
 * form's checks, whose download can fail while a member is typing: a reload would lose it all.
 */
function MissingPage() {
  const [outcome, setOutcome] = useState<'reloading' | 'offline' | 'still missing'>('reloading');
  useEffect(() => {
    if (!reloadForMissingCode()) setOutcome(navigator.onLine ? 'still missing' : 'offline');
  }, []);
  if (outcome === 'reloading') return <Spinner />;
  if (outcome === 'offline') return <OfflineNotice onRetry={reload} wholePage />;
  return (
    <div className="error-page">
      <h1>This page could not be loaded</h1>
      <p>Part of the site did not arrive. Check your connection, then reload the page.</p>
      <div className="error-page__actions">
        <button type="button" className="button button--primary" onClick={reload}>
          Reload
        </button>
        <Link to="/" className="button button--ghost">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}

/**
 * Catches a page's rendering error so the navbar and footer stay usable. The layout keys it by
 * the path, so going to another page starts it afresh.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={(error) => <RouteError error={error} />}>{children}</ErrorBoundary>;
}
