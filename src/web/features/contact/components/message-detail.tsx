import { type FormEvent, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { CheckboxField, TextAreaField } from '../../../components/form-field';
import { useFlash } from '../../../components/flash-context';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { displayDateTime } from '../../../../shared/display-date';
import type { ContactMessageDetail } from '../../../../shared/schemas/contact';
import { useContactMessage, useMarkMessageHandled, useReplyToMessage } from '../api/messages';
import './messages.css';

/** /admin/messages/:id: one message in full, the replies sent, a reply form, and "Mark as handled". */
export function MessageDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back ?? '';
  const message = useContactMessage(id);

  return (
    <article className="admin__section card admin__detail" aria-labelledby="message-title">
      <p>
        <Link to={`/admin/messages${back}`}>← All messages</Link>
      </p>
      <QueryView query={message}>{(contact) => <MessageView contact={contact} />}</QueryView>
    </article>
  );
}

function MessageView({ contact }: { contact: ContactMessageDetail }) {
  const handled = useMarkMessageHandled(contact.id);
  const flash = useFlash();
  return (
    <>
      <div className="admin__toolbar">
        <h2 id="message-title">Message from {contact.name}</h2>
        <span className={`badge${contact.handledAt ? ' badge--ok' : ''}`}>{contact.handledAt ? 'Handled' : 'New'}</span>
      </div>
      <dl className="admin__facts">
        <dt>From</dt>
        <dd>
          {contact.name} · <a href={`mailto:${contact.email}`}>{contact.email}</a> · <a href={`tel:${contact.phone}`}>{contact.phone}</a>
          {contact.memberId && (
            <>
              {' '}
              · <Link to={`/admin/members/${contact.memberId}`}>member page</Link>
            </>
          )}
        </dd>
        <dt>About</dt>
        <dd>{contact.feedback}</dd>
        <dt>Sent</dt>
        <dd>{displayDateTime(contact.createdAt)}</dd>
        {contact.handledAt && (
          <>
            <dt>Handled</dt>
            <dd>
              {displayDateTime(contact.handledAt)} by {contact.handledBy ?? 'staff'}
            </dd>
          </>
        )}
      </dl>
      <h3>Message</h3>
      <p className="admin__message-text">{contact.message ?? <span className="muted">(no message, only the subject)</span>}</p>
      {contact.replies.length > 0 && (
        <>
          <h3>Replies sent</h3>
          <ul className="admin__replies">
            {contact.replies.map((reply) => (
              <li key={reply.id}>
                <p className="muted">
                  {reply.staffName}, {displayDateTime(reply.createdAt)}
                </p>
                <p className="admin__message-text">{reply.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      <ReplyForm contact={contact} />
      {!contact.handledAt && (
        <button
          type="button"
          className="button button--ghost"
          disabled={handled.isPending}
          onClick={() =>
            handled.mutate(undefined, { onSuccess: () => flash.showSuccess('Marked as handled.'), onError: (error) => flash.showError(error.message) })
          }
        >
          {handled.isPending && <ButtonSpinner />} Mark as handled
        </button>
      )}
    </>
  );
}

function ReplyForm({ contact }: { contact: ContactMessageDetail }) {
  const reply = useReplyToMessage(contact.id);
  const flash = useFlash();
  const [text, setText] = useState('');
  const [markHandled, setMarkHandled] = useState(!contact.handledAt);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write a reply before sending.');
      return;
    }
    setError(undefined);
    reply.mutate(
      { text, markHandled },
      {
        onSuccess: () => {
          setText('');
          flash.showSuccess(`Reply emailed to ${contact.email}.`);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <form className="admin__reply" onSubmit={submit} noValidate aria-labelledby="reply-title">
      <h3 id="reply-title">Reply by email</h3>
      <TextAreaField
        label={`Reply to ${contact.email}`}
        name="reply"
        rows={6}
        maxLength={5000}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
        hint="Sent from the portal's address with their message quoted; kept here with the message."
      />
      {!contact.handledAt && (
        <CheckboxField label="Mark as handled when sent" checked={markHandled} onChange={(event) => setMarkHandled(event.target.checked)} />
      )}
      <button type="submit" className="button button--primary" disabled={reply.isPending}>
        {reply.isPending && <ButtonSpinner />} Send reply
      </button>
    </form>
  );
}
