import { Link } from 'react-router';
import { useGuardian, useResendGuardianCode } from '../lib/guardian';
import { useSession } from '../lib/session';
import { ButtonSpinner } from './spinner';

/**
 * What a member under 18 sees where they would pay, send a form or publish, while their parent
 * or guardian has not confirmed the account yet: what is awaited, and a new code for the guardian
 * at a tap. Nothing for anyone else.
 */
export function GuardianNotice() {
  const { user } = useSession();
  const waiting = user?.guardian === 'waiting';
  const answer = useGuardian(waiting).data;
  const guardian = answer?.guardian;
  const resend = useResendGuardianCode();
  if (!waiting) return null;
  if (answer?.needsGuardian) {
    return (
      <section className="guardian-notice" aria-labelledby="guardian-notice-title">
        <h2 id="guardian-notice-title" className="guardian-notice__title">
          Name your parent or guardian
        </h2>
        <p>
          You are under 18, so a parent or guardian must confirm your account before you can pay the membership fee, send forms or publish a talent profile.
        </p>
        <Link className="button button--primary" to="/profile/privacy">
          Name them on your privacy page
        </Link>
      </section>
    );
  }
  const who = guardian ? `${guardian.name} (${guardian.email})` : 'your parent or guardian';
  return (
    <section className="guardian-notice" aria-labelledby="guardian-notice-title">
      <h2 id="guardian-notice-title" className="guardian-notice__title">
        Waiting for your parent or guardian
      </h2>
      <p>
        You are under 18, so {who} must first confirm your account with the code we emailed them. Until then you cannot pay the membership fee, send forms or
        publish a talent profile: please do not pay yet.
      </p>
      <p className="guardian-notice__actions">
        <button type="button" className="button button--primary" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending && <ButtonSpinner />} Send {guardian?.name ?? 'them'} the email again
        </button>
        <Link to="/profile/privacy">See who we asked</Link>
      </p>
      {resend.isSuccess && <p role="status">{resend.data.message}</p>}
      {resend.isError && (
        <p className="form__error" role="alert">
          {resend.error.message}
        </p>
      )}
    </section>
  );
}
