import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useMemberEvents } from '../api/get-events';
import { GalleryCarousel } from './gallery-carousel';
import './events.css';

/** /events: the member's own event submissions, then the company's gallery. */
export function EventsPage() {
  const events = useMemberEvents();
  return (
    <div className="page events">
      <header className="page__header">
        <h1>Events and gallery</h1>
        <p className="page__lead">Your event donations and tickets, and moments from our premieres, castings and award nights.</p>
      </header>
      <section aria-labelledby="my-events-title">
        <h2 id="my-events-title" className="section-title">
          Your events
        </h2>
        {events.isPending ? (
          <Spinner />
        ) : events.isError ? (
          <p className="form__error" role="alert">
            {events.error.message}
          </p>
        ) : events.data.length === 0 ? (
          <p className="events__empty">
            No events at the moment. Please fill out form below <Link to="/eventform">Event Form</Link>
          </p>
        ) : (
          <>
            <ul className="cards events__list">
              {events.data.map((event) => (
                <li key={event.id} className="card events__card">
                  {event.imageUrl && <img className="events__image" src={event.imageUrl} alt={`Photo for ${event.name}`} width={320} height={240} loading="lazy" />}
                  <h3 className="card__title">{event.name}</h3>
                  <p>{event.description}</p>
                </li>
              ))}
            </ul>
            <p>
              <Link to="/eventform">Fill out another Event Form</Link>
            </p>
          </>
        )}
      </section>
      <section aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="section-title">
          Gallery
        </h2>
        <GalleryCarousel />
      </section>
    </div>
  );
}
