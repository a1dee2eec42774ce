import { Link } from 'react-router';
import './site.css';

export function NotFoundPage() {
  return (
    <div className="page not-found">
      <h1>404 Not Found</h1>
      <p>This page does not exist</p>
      <Link to="/" className="button button--primary">
        Go Back
      </Link>
    </div>
  );
}
