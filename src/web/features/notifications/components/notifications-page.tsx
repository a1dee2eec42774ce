import { displayDateTime } from '../../../../shared/display-date';
import { QueryView } from '../../../components/query-view';
import { useNotifications } from '../api/get-notifications';
import './notifications.css';

/** /notifications: the member's real notifications, newest first. */
export function NotificationsPage() {
  const notifications = useNotifications();
  return (
    <section className="page page--narrow" aria-labelledby="notifications-title">
      <h1 id="notifications-title">Notifications</h1>
      <QueryView query={notifications} isEmpty={(data) => data.length === 0} empty={<p className="muted">no Notifications right now.</p>}>
        {(data) => (
          <ul className="notifications">
            {data.map((note) => (
              <li key={note.id} className={`notifications__item notifications__item--${note.kind}`}>
                <p>{note.message}</p>
                <time dateTime={note.createdAt}>{displayDateTime(note.createdAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
