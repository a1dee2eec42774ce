import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The router's fallback for anything unexpected (SPEC.md section 2). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="main error-page">
      <h1>Unexpected Application Error!</h1>
      <p className="error-page__detail">{detail}</p>
      <Link to="/" className="button button--primary">
        Go to the home page
      </Link>
    </main>
  );
}
