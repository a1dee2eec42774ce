import { Link } from 'react-router';
import { useMyBookingRequests } from '../api/booking-requests';

/** The dashboard's "Talent profile" section: the editor and the booking requests live on their own page. */
export function TalentDashboardSection() {
  const waiting = useMyBookingRequests().data?.filter((request) => request.state === 'new').length ?? 0;
  return (
    <section id="talent" className="dashboard__section" aria-labelledby="talent-title">
      <h2 id="talent-title" className="section-title">
        Talent profile
      </h2>
      <p>Show businesses your portfolio in the public talent directory and answer their booking requests.</p>
      {waiting > 0 && (
        <p className="badge" role="status">
          {waiting === 1 ? '1 new booking request waits for your answer' : `${waiting} new booking requests wait for your answer`}
        </p>
      )}
      <p>
        <Link to="/profile/talent" className="button button--primary">
          Manage talent profile
        </Link>
      </p>
    </section>
  );
}
