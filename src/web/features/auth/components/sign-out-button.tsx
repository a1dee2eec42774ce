import { useNavigate } from 'react-router';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { useLogout } from '../api/logout';

export function SignOutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const logout = useLogout();
  const flash = useFlash();
  const navigate = useNavigate();

  function signOut() {
    logout.mutate(undefined, {
      onSuccess: (data) => {
        flash.showSuccess(data.message || SUCCESS.loggedOut);
        onDone?.();
        void navigate('/login');
      },
      onError: () => flash.showError(FAILURE.logout),
    });
  }

  return (
    <button type="button" className={className} onClick={signOut} disabled={logout.isPending}>
      {logout.isPending ? 'Signing out...' : 'Sign out'}
    </button>
  );
}
