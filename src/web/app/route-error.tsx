import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { OfflineNotice } from '../components/offline-notice';
import { isMissingCode } from '../lib/missing-code';

const reload = () => window.location.reload();

/** What a page that failed to render (or to download) shows instead, inside the layout. */
export function RouteError({ error }: { error: unknown }) {
  if (isMissingCode(error)) return navigator.onLine ? <PageNotDownloaded /> : <OfflineNotice onRetry={reload} wholePage />;
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

/** The page's file did not arrive even after the page was reloaded once for it (lib/missing-code.ts). */
function PageNotDownloaded() {
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
