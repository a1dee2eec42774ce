import { Link } from 'react-router';
import { COMPANY_EVENT_KINDS, type CompanyEvent } from '../../../../shared/company-events';
import { displayDate } from '../../../../shared/display-date';
import { labelOf } from '../../../../shared/form-options';
import { QueryView } from '../../../components/query-view';
import { useCompanyEvents, useGallery } from '../api/get-company-events';
import { useMemberEvents } from '../api/get-events';
import { GalleryCarousel } from './gallery-carousel';
import './events.css';

/** /events: the company's upcoming events, then the member's own event requests, then the gallery. */
export function EventsPage() {
  const companyEvents = useCompanyEvents();
  const memberEvents = useMemberEvents();
  const gallery = useGallery();
  return (
    <div className="page events">
      <header className="page__header">
        <h1>Events</h1>
        <p className="page__lead">Casting days, meetings, trainings, premieres and anniversaries: what is coming up at the company.</p>
      </header>
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="section-title">
          Coming up
        </h2>
        <QueryView
          query={companyEvents}
          isEmpty={(events) => events.length === 0}
          empty={<p className="events__empty">No events are planned yet. New ones appear here as soon as staff add them.</p>}
        >
          {(events) => (
            <ul className="cards events__list">
              {events.map((event) => (
                <CompanyEventCard key={event.id} event={event} />
              ))}
            </ul>
          )}
        </QueryView>
      </section>
      <section aria-labelledby="my-events-title">
        <h2 id="my-events-title" className="section-title">
          Your event requests
        </h2>
        <QueryView
          query={memberEvents}
          isEmpty={(events) => events.length === 0}
          empty={
            <div className="events__empty">
              <p>No events at the moment. Please fill out form below</p>
              <p>
                <Link className="button button--primary" to="/eventform">
                  Event Form
                </Link>
              </p>
            </div>
          }
        >
          {(events) => (
            <>
              <ul className="events__requests">
                {events.map((event) => (
                  <li key={event.id} className="card events__request">
                    <h3 className="card__title">{event.name}</h3>
                    <p>{event.description}</p>
                    <p className="events__meta">Sent {displayDate(event.createdAt.slice(0, 10))}</p>
                  </li>
                ))}
              </ul>
              <p>
                <Link to="/eventform">Fill out another Event Form</Link>
              </p>
            </>
          )}
        </QueryView>
      </section>
      {gallery.data && gallery.data.length > 0 && (
        <section aria-labelledby="gallery-title">
          <h2 id="gallery-title" className="section-title">
            Gallery
          </h2>
          <GalleryCarousel images={gallery.data} />
        </section>
      )}
    </div>
  );
}

function CompanyEventCard({ event }: { event: CompanyEvent }) {
  return (
    <li className="card events__card">
      {event.imageUrl && <img className="events__image" src={event.imageUrl} alt="" width={320} height={240} loading="lazy" decoding="async" />}
      <p className="events__kind">{labelOf(COMPANY_EVENT_KINDS, event.kind)}</p>
      <h3 className="card__title">{event.title}</h3>
      <p className="events__when">
        <time dateTime={`${event.day}T${event.time}`}>
          {displayDate(event.day)}, {event.time}
        </time>
        <br />
        {event.place}
      </p>
      <p>{event.description}</p>
    </li>
  );
}
