import { Link } from 'react-router';
import { displayDate } from '../../../../shared/display-date';
import { labelOf } from '../../../../shared/form-options';
import { AUDIENCES, REPEATS, SESSION_KINDS, WEEKDAY_LABELS } from '../../../../shared/schedule';
import { QueryView } from '../../../components/query-view';
import { type Series, useSeriesList } from '../api/training';
import { ScheduleNav } from './schedule-nav';
import './schedule.css';

function repeatText(series: Series): string {
  if (series.repeat === 'weekly') return `Every ${series.weekdays.map((d) => WEEKDAY_LABELS[d]).join(', ')}`;
  if (series.repeat === 'none') return `Once, ${displayDate(series.firstDay)}`;
  return labelOf(REPEATS, series.repeat);
}

/** /admin/schedule/series: every series of the company's week, each opening its editor. */
export function SeriesListPage() {
  const series = useSeriesList();
  return (
    <div className="schedule">
      <ScheduleNav />
      <div className="schedule__toolbar">
        <h2>Sessions</h2>
        <Link className="button button--primary" to="/admin/schedule/series/new">
          New session
        </Link>
      </div>
      <QueryView query={series} isEmpty={(list) => list.length === 0} empty={<p>No sessions yet.</p>}>
        {(list) => (
          <ul className="schedule__list">
            {list.map((s) => (
              <li key={s.id} className="schedule__item">
                <p className="schedule__when">
                  <Link to={`/admin/schedule/series/${s.id}`}>{s.title}</Link>
                </p>
                <p className="schedule__meta">
                  {labelOf(SESSION_KINDS, s.kind)} · {repeatText(s)}, {s.startTime} to {s.endTime} · {s.place}
                </p>
                <p className="schedule__meta">
                  {labelOf(AUDIENCES, s.audience)}
                  {s.attendanceRequired ? ' · attendance required' : ''}
                  {s.untilDay ? ` · until ${displayDate(s.untilDay)}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
