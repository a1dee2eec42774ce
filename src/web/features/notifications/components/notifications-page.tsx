import { useEffect } from 'react';
import { displayDateTime } from '../../../../shared/display-date';
import { QueryView } from '../../../components/query-view';
import { useMarkNotificationsRead, useNotifications } from '../api/get-notifications';
import './notifications.css';

/** /notifications: the member's real notifications, newest first; the ones not seen before are marked new. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const { mutate: markRead } = useMarkNotificationsRead();
  const newestShown = notifications.data?.[0]?.id;

  // Once the list is on screen, what it shows has been seen (and nothing newer).
  useEffect(() => {
    if (newestShown) markRead(newestShown);
  }, [newestShown, markRead]);

  return (
    <section className="page page--narrow" aria-labelledby="notifications-title">
      <h1 id="notifications-title">Notifications</h1>
      <QueryView query={notifications} isEmpty={(data) => data.length === 0} empty={<p className="muted">no Notifications right now.</p>}>
        {(data) => (
          <ul className="notifications">
            {data.map((note) => (
              <li key={note.id} className={`notifications__item notifications__item--${note.kind}${note.readAt ? '' : ' notifications__item--new'}`}>
                {!note.readAt && <span className="badge">New</span>}
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
