import { displayDate } from '../../../../shared/display-date';
import { QueryView } from '../../../components/query-view';
import { useDrawnSeed } from '../../../lib/drawn-seeds';
import { useMySubmissions } from '../api/get-my-submissions';
import './my-submissions.css';

/** The dashboard's list of the member's forms: which form, when, and whether staff have handled it. */
export function MySubmissions() {
  const submissions = useMySubmissions();
  return (
    <section id="submissions" className="dashboard__section" aria-labelledby="submissions-title">
      <h2 id="submissions-title" className="section-title">
        Your submissions
      </h2>
      <QueryView query={submissions} isEmpty={(list) => list.length === 0} empty={<p className="muted">You have not sent a form yet.</p>}>
        {(list) => (
          <ul className="my-submissions">
            {list.map((submission) => (
              <li key={submission.id} className="my-submissions__item">
                <span className="my-submissions__form">{submission.formLabel}</span>
                <span className="muted">Sent {displayDate(submission.createdAt)}</span>
                {submission.state === 'handled' ? (
                  <span className="badge badge--ok">Handled{submission.handledAt ? ` ${displayDate(submission.handledAt)}` : ''}</span>
                ) : (
                  <span className="badge">Waiting for staff</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

/**
 * The dashboard's word that a form was taken, when it was sent as a plain form (before the form
 * page's code, decision 023): what the page's code would have toasted, drawn by the server.
 */
export function FormSentNotice() {
  const message = useDrawnSeed('flash');
  if (!message) return null;
  return (
    <p className="form-sent-notice" role="status">
      {message}
    </p>
  );
}
