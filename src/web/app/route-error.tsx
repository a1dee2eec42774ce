import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';

/** What a page that failed to render (or to download) shows instead (SPEC.md section 2). */
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
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
