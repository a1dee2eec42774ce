import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';

/** What a page that failed to render (or to download) shows instead, inside the layout. */
export function RouteError({ error }: { error: unknown }) {
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
 * Catches a page's rendering error so the navbar and footer stay usable. The layout keys it by
 * the path, so going to another page starts it afresh.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={(error) => <RouteError error={error} />}>{children}</ErrorBoundary>;
}
