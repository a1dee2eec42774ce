import { useDeadMail } from '../api/mail';
import { displayDateTime } from '../../../../shared/display-date';

/** Shown at the top of the console only when some mail could not be delivered after every retry. */
export function UndeliveredMail() {
  const { data } = useDeadMail();
  const messages = data?.messages ?? [];
  if (messages.length === 0) return null;
  return (
    <section className="admin__undelivered" aria-labelledby="undelivered-title">
      <h2 id="undelivered-title">{messages.length === 1 ? '1 email could not be delivered' : `${messages.length} emails could not be delivered`}</h2>
      <p>The portal stopped retrying these. Contact the members another way if the message matters (a code can be requested again).</p>
      <ul>
        {messages.map((message) => (
          <li key={message.id}>
            <strong>{message.subject}</strong> to {message.to}, given up {displayDateTime(message.deadAt)} after {message.attempts} attempts
            {message.lastError ? `: ${message.lastError}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
