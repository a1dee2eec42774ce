import { Link } from 'react-router';
import { displayDate } from '../../../../shared/display-date';
import { QueryView } from '../../../components/query-view';
import { useAdminCastings } from '../api/review-castings';
import { callWhen, CallStateBadge } from './casting-labels';

/** /admin/castings: every casting call, newest casting day first, with its applications and places cast. */
export function CastingsAdminPage() {
  const calls = useAdminCastings();
  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Casting calls</h2>
        <Link to="/admin/castings/new" className="button button--primary">
          Post a casting call
        </Link>
      </div>
      <QueryView query={calls} isEmpty={(list) => list.length === 0} empty={<p className="muted">No casting calls yet. Post the next one above.</p>}>
        {(list) => (
          <ul className="admin__list">
            {list.map((call) => {
              const places = call.roles.reduce((sum, role) => sum + role.count, 0);
              return (
                <li key={call.id} className="card" aria-label={call.project}>
                  <h3>
                    <Link to={`/admin/castings/${call.id}`}>{call.project}</Link>
                  </h3>
                  <CallStateBadge state={call.state} />
                  <dl className="admin__facts">
                    <dt>When</dt>
                    <dd>{callWhen(call)}</dd>
                    <dt>Deadline</dt>
                    <dd>{displayDate(call.deadline)}</dd>
                    <dt>Roles</dt>
                    <dd>{call.roles.map((role) => role.title).join(', ')}</dd>
                    <dt>Applications / cast</dt>
                    <dd>
                      {call.applications} / {call.cast} of {places}
                    </dd>
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
