import { Link } from 'react-router';

/** The dashboard's "Talent profile" section: the editor and the booking requests live on their own page. */
export function TalentDashboardSection() {
  return (
    <section id="talent" className="dashboard__section" aria-labelledby="talent-title">
      <h2 id="talent-title" className="section-title">
        Talent profile
      </h2>
      <p>Show businesses your portfolio in the public talent directory and answer their booking requests.</p>
      <Link to="/profile/talent" className="button button--primary">
        Manage talent profile
      </Link>
    </section>
  );
}
