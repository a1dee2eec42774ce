import { displayDayOf } from '../../../../shared/display-date';
import { QueryView } from '../../../components/query-view';
import { useMemberNotifications } from '../api/member-notifications';

/** What the portal has told the member (approvals, fines, suspension...), newest first. */
export function MemberNotificationsSection({ memberId }: { memberId: string }) {
  const notifications = useMemberNotifications(memberId);
  return (
    <section aria-labelledby="notifications-title">
      <h3 id="notifications-title">Notifications sent</h3>
      <QueryView query={notifications} isEmpty={(list) => list.length === 0} empty={<p className="muted">Nothing sent yet.</p>}>
        {(list) => (
          <ul className="admin__plain-list">
            {list.map((note) => (
              <li key={note.id}>
                <time dateTime={note.createdAt}>{displayDayOf(note.createdAt)}</time> · {note.message}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
