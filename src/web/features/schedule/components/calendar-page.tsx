import { useState } from 'react';
import { formatNaira } from '../../../../shared/money';
import { lagosTimeOf, lagosWhenOf, SESSION_KINDS } from '../../../../shared/schedule';
import { labelOf } from '../../../../shared/form-options';
import { QueryView } from '../../../components/query-view';
import { type CalendarDate, type MemberFine, useCalendarFeed, useMemberCalendar, useMyAttendance, useRenewFeed, useSendFineReason } from '../api/schedule';
import { TrainingSection } from './training-section';
import './schedule.css';

/** /calendar: the sessions the member is expected at, their private feed address, their attendance and fines. Phone first. */
export function CalendarPage() {
  const calendar = useMemberCalendar();
  const attendance = useMyAttendance();
  return (
    <div className="page schedule">
      <header className="page__header">
        <h1>Your calendar</h1>
        <p className="page__lead">Meetings, training, castings and company events you are expected at. Times are Lagos time.</p>
      </header>
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="section-title">
          Coming up
        </h2>
        <QueryView query={calendar} isEmpty={(dates) => dates.length === 0} empty={<p>Nothing is planned for you in the next two months.</p>}>
          {(dates) => (
            <ul className="schedule__list">
              {dates.map((date) => (
                <SessionItem key={`${date.seriesId}-${date.day}`} date={date} />
              ))}
            </ul>
          )}
        </QueryView>
      </section>
      <TrainingSection />
      <FeedSection />
      <section aria-labelledby="attendance-title">
        <h2 id="attendance-title" className="section-title">
          Attendance and fines
        </h2>
        <QueryView query={attendance}>
          {({ visits, fines }) => (
            <>
              {fines.length > 0 && (
                <ul className="schedule__list">
                  {fines.map((fine) => (
                    <FineItem key={fine.id} fine={fine} />
                  ))}
                </ul>
              )}
              {visits.length === 0 ? (
                <p>No attendance recorded yet.</p>
              ) : (
                <ul className="schedule__list">
                  {visits.slice(0, 20).map((visit) => (
                    <li key={`${visit.seriesId}-${visit.day}`} className="schedule__item">
                      <p className="schedule__when">{visit.title}</p>
                      <p className="schedule__meta">
                        Arrived {lagosWhenOf(visit.arrivedAt)}
                        {visit.leftAt ? `, left ${lagosTimeOf(visit.leftAt)}` : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </QueryView>
      </section>
    </div>
  );
}

function SessionItem({ date }: { date: CalendarDate }) {
  return (
    <li className={`schedule__item${date.cancelled ? ' schedule__item--cancelled' : ''}`}>
      <p className="schedule__when">
        {lagosWhenOf(date.startsAt)} to {lagosTimeOf(date.endsAt)}
      </p>
      <p className="schedule__meta">
        <strong>{date.title}</strong> · {labelOf(SESSION_KINDS, date.kind)} · {date.place}
      </p>
      {date.cancelled && <span className="badge badge--flag">Cancelled{date.note ? `: ${date.note}` : ''}</span>}
      {!date.cancelled && date.note && <span className="badge">Moved: {date.note}</span>}
      {date.attendance && <span className="badge badge--ok">Arrived {lagosTimeOf(date.attendance.arrivedAt)}</span>}
      {!date.cancelled && date.attendanceRequired && !date.attendance && <p className="schedule__meta">Attendance required</p>}
    </li>
  );
}

/** The private feed address: Google Calendar and phones subscribe to it; renewing it stops the old one. */
function FeedSection() {
  const feed = useCalendarFeed();
  const renew = useRenewFeed();
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby="feed-title" className="schedule__feed">
      <h2 id="feed-title" className="section-title">
        Add to your phone or Google Calendar
      </h2>
      <QueryView query={feed}>
        {(url) => {
          const webcal = url.replace(/^https?:/, 'webcal:');
          return (
            <>
              <p>This address is private to you: your calendar app keeps it up to date. If someone else got it, renew it.</p>
              <label htmlFor="feed-url">Your calendar address</label>
              <input id="feed-url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
              <div className="schedule__actions">
                <a className="button button--primary" href={webcal}>
                  Subscribe on this phone
                </a>
                <a className="button" href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`} target="_blank" rel="noreferrer">
                  Add to Google Calendar
                </a>
                <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}>
                  {copied ? 'Copied' : 'Copy address'}
                </button>
                <button type="button" className="button" disabled={renew.isPending} onClick={() => renew.mutate()}>
                  Renew the address
                </button>
              </div>
              {renew.data && <p role="status">{renew.data.message}</p>}
              {renew.error && (
                <p className="form__error" role="alert">
                  {renew.error.message}
                </p>
              )}
            </>
          );
        }}
      </QueryView>
    </section>
  );
}

function FineItem({ fine }: { fine: MemberFine }) {
  const send = useSendFineReason();
  const [reason, setReason] = useState('');
  return (
    <li className="schedule__item">
      <p className="schedule__when">
        {fine.state === 'proposed' ? 'Proposed fine' : 'Fine'} {formatNaira(fine.amountKobo)}
      </p>
      <p className="schedule__meta">{fine.reason}</p>
      {fine.memberReason && <p className="schedule__meta">Your reason: {fine.memberReason}</p>}
      {fine.state === 'proposed' && !fine.memberReason && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate({ id: fine.id, reason });
          }}
        >
          <label htmlFor={`reason-${fine.id}`}>Your reason, for finance to read before deciding</label>
          <textarea id={`reason-${fine.id}`} value={reason} maxLength={1000} required onChange={(event) => setReason(event.target.value)} />
          <button type="submit" className="button" disabled={send.isPending}>
            Send reason
          </button>
          {send.error && (
            <p className="form__error" role="alert">
              {send.error.message}
            </p>
          )}
        </form>
      )}
    </li>
  );
}
