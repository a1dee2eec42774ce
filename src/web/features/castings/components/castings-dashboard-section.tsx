import { Link } from 'react-router';

/** The dashboard's "Castings" section: the calls and the member's applications live on /castings. */
export function CastingsDashboardSection() {
  return (
    <section id="castings" className="dashboard__section" aria-labelledby="castings-section-title">
      <h2 id="castings-section-title" className="section-title">
        Castings
      </h2>
      <p>Apply for the company’s casting calls with your talent profile, and see how your applications went.</p>
      <p>
        <Link to="/castings" className="button button--primary">
          See casting calls
        </Link>
      </p>
    </section>
  );
}
