import { Link } from 'react-router';
import { shiftDate, todayInLagos } from '../../../../shared/dates';
import { labelOf } from '../../../../shared/form-options';
import { lagosTimeOf, lagosWhenOf, SESSION_KINDS } from '../../../../shared/schedule';
import { QueryView } from '../../../components/query-view';
import { useSessionDates } from '../api/schedule';
import { ScheduleNav } from './schedule-nav';
import './schedule.css';

/** /admin/schedule: the dates of the last week and the next two, each opening its register at the door. */
export function ScheduleAdminPage() {
  const today = todayInLagos();
  const dates = useSessionDates(shiftDate(today, -7), shiftDate(today, 14));
  return (
    <div>
      <ScheduleNav />
      <h1>Schedule</h1>
      <p className="schedule__meta">Open a date to keep its register at the door. Times are Lagos time.</p>
      <QueryView query={dates} isEmpty={(list) => list.length === 0} empty={<p>No sessions in these three weeks.</p>}>
        {(list) => (
          <ul className="schedule__list">
            {list.map((date) => (
              <li key={`${date.seriesId}-${date.day}`} className={`schedule__item${date.cancelled ? ' schedule__item--cancelled' : ''}`}>
                <p className="schedule__when">
                  <Link to={`/admin/schedule/${date.seriesId}/${date.day}`}>
                    {lagosWhenOf(date.startsAt)} to {lagosTimeOf(date.endsAt)}: {date.title}
                  </Link>
                </p>
                <p className="schedule__meta">
                  {labelOf(SESSION_KINDS, date.kind)} · {date.place}
                  {date.attendanceRequired ? ' · attendance required' : ''}
                </p>
                {date.cancelled && <span className="badge badge--flag">Cancelled: {date.note}</span>}
                <p className="schedule__meta">
                  <Link to={`/admin/schedule/series/${date.seriesId}`}>Edit the session, cancel or move a date</Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
