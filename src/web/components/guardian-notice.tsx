import { Link } from 'react-router';
import { WAITING_FOR_GUARDIAN } from '../../shared/privacy';
import { useSession } from '../lib/session';

/**
 * What a member under 18 sees where they would pay, send a form or publish, while their parent
 * or guardian has not confirmed the account yet. Nothing for anyone else.
 */
export function GuardianNotice() {
  const { user } = useSession();
  if (user?.guardian !== 'waiting') return null;
  return (
    <div className="guardian-notice" role="status">
      <h2 className="guardian-notice__title">Waiting for your parent or guardian</h2>
      <p>{WAITING_FOR_GUARDIAN}</p>
      <Link className="button button--ghost" to="/profile/privacy">
        See who we asked, or send them a new code
      </Link>
    </div>
  );
}
