import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { shiftDate, todayInLagos } from '../../../../shared/dates';
import { displayDate } from '../../../../shared/display-date';
import { GRACE_DAYS } from '../../../../shared/membership';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useFlash } from '../../../components/flash-context';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { GuardianNotice } from '../../../components/guardian-notice';
import { useTerminateAccount } from '../api/terminate-account';
import { Achievements } from './achievements';
import { Avatar } from './avatar';
import { ProfileFormsSlot } from './dashboard-slots';
import { ProfileOverview } from './profile-overview';
import './profile.css';

const SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'forms', label: 'Forms' },
  { id: 'advert', label: 'Advert' },
  { id: 'talent', label: 'Talent profile' },
  { id: 'achievements', label: 'Achievements' },
];

interface ProfilePageProps {
  /** The member's advert section (ads feature), shown to activated members only. */
  advert: ReactNode;
  /** The talent profile section (talent feature). */
  talent: ReactNode;
  /** The membership card (member-card feature), shown under the overview. */
  card?: ReactNode;
}

/** The member dashboard; app/pages/dashboard.tsx passes in the sections other features own. */
export function ProfilePage({ advert, talent, card }: ProfilePageProps) {
  const { user } = useSession();
  // Open beside the content on wide screens, folded above it on phones.
  const [sidebarOpen, setSidebarOpen] = useState(() => window.matchMedia('(min-width: 900px)').matches);
  const [confirming, setConfirming] = useState(false);
  const [terminateError, setTerminateError] = useState<string | null>(null);
  const terminate = useTerminateAccount();
  const flash = useFlash();
  const navigate = useNavigate();
  const terminated = useRef(false);
  const { forget } = terminate;

  // Forgotten only once this guarded page is gone (see useTerminateAccount).
  useEffect(
    () => () => {
      if (terminated.current) forget();
    },
    [forget],
  );

  if (!user) return <Spinner />;

  function confirmTermination() {
    terminate.mutate(undefined, {
      onSuccess: (data) => {
        setConfirming(false);
        flash.showSuccess(data.message || SUCCESS.terminated);
        terminated.current = true;
        void navigate('/signup', { replace: true });
      },
      onError: (error) => setTerminateError(error.message || FAILURE.terminate),
    });
  }

  const sections = user.status ? SECTIONS : SECTIONS.filter((section) => section.id !== 'advert');

  return (
    <div className={`dashboard${sidebarOpen ? ' dashboard--sidebar-open' : ''}`}>
      <nav className="dashboard__sidebar" aria-label="Dashboard sections">
        <button
          type="button"
          className="dashboard__sidebar-toggle"
          aria-expanded={sidebarOpen}
          aria-controls="dashboard-sections"
          onClick={() => setSidebarOpen((open) => !open)}
        >
          {sidebarOpen ? 'Hide sections' : 'Show sections'}
        </button>
        <ul id="dashboard-sections" className="dashboard__nav">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="dashboard__content">
        <header className="dashboard__header">
          <Avatar user={user} />
          <div className="dashboard__who">
            <h1 className="dashboard__name">{user.fullName || user.name}</h1>
            <p className="muted">{user.title || 'Member'}</p>
            <MembershipBadge user={user} />
          </div>
          <div className="dashboard__actions">
            <Link to="/editprofile" className="button button--primary">
              Edit Profile
            </Link>
            <Link to="/profile/payments" className="button button--ghost">Payments</Link>
            <Link to="/profile/privacy" className="button button--ghost">
              Privacy and my data
            </Link>
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              Terminate Account
            </button>
          </div>
        </header>
        <GuardianNotice />
        <ProfileOverview user={user} />
        {card}
        <ProfileFormsSlot status={user.status} renew={!user.status && user.memberNumber !== null} />
        {user.status && advert}
        {talent}
        <Achievements achievements={user.achievements} />
      </div>
      <ConfirmDialog
        open={confirming}
        title="Terminate account"
        message={FAILURE.terminateConfirm}
        confirmLabel="Terminate"
        busy={terminate.isPending}
        error={terminateError}
        onConfirm={confirmTermination}
        onCancel={() => {
          setConfirming(false);
          setTerminateError(null);
        }}
      />
    </div>
  );
}

/** Activated, in grace (with the day to renew by), lapsed, or not activated yet. */
function MembershipBadge({ user }: { user: User }) {
  const inGrace = user.status && user.paidUntil !== null && todayInLagos() > user.paidUntil;
  if (inGrace) {
    return (
      <p className="badge">
        Membership ended {displayDate(user.paidUntil!)}: <Link to="/user/fees">renew by {displayDate(shiftDate(user.paidUntil!, GRACE_DAYS))}</Link>
      </p>
    );
  }
  if (user.status) return <p className="badge badge--ok">Activated</p>;
  return <p className="badge">{user.memberNumber ? 'Membership lapsed' : 'Not activated'}</p>;
}
