import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { shiftDate, todayInLagos } from '../../../../shared/dates';
import { displayDate } from '../../../../shared/display-date';
import { GRACE_DAYS } from '../../../../shared/membership';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useTerminateAccount } from '../api/terminate-account';
import { Achievements } from './achievements';
import { Avatar } from './avatar';
import { ProfileFormsSlot } from './dashboard-slots';
import { ProfileOverview } from './profile-overview';
import './profile.css';
import { TextField } from '../../../components/form-field';

/** A section another feature owns, placed after the forms; `id` is its element's id, for the sidebar's link. */
export interface DashboardSection {
  id: string;
  label: string;
  element: ReactNode;
  /** Shown to activated members only (the advert). */
  activatedOnly?: boolean;
}

interface ProfilePageProps {
  /** What to do next (membership feature): the first thing on the page; it renders nothing when there is nothing to do. */
  nextStep: ReactNode;
  sections: DashboardSection[];
}

const WIDE_SCREEN = '(min-width: 900px)';

/** The member dashboard; app/pages/dashboard.tsx passes in the sections other features own. */
export function ProfilePage({ nextStep, sections: extraSections }: ProfilePageProps) {
  const { user } = useSession();
  // Open beside the content on wide screens, folded above it on phones. The server cannot see the
  // screen: until the code runs, the stylesheet decides (null); then the screen, then the member.
  const [sidebarOpen, setSidebarOpen] = useState<boolean | null>(null);
  useEffect(() => setSidebarOpen((open) => open ?? window.matchMedia(WIDE_SCREEN).matches), []);
  const [confirming, setConfirming] = useState(false);
  const [terminateError, setTerminateError] = useState<string | null>(null);
  // Refused while money is owed (409): the way to pay it goes beside the message.
  const [owes, setOwes] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
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
    terminate.mutate(currentPassword, {
      onSuccess: (data) => {
        setConfirming(false);
        flash.showSuccess(data.message || SUCCESS.terminated);
        terminated.current = true;
        void navigate('/signup', { replace: true });
      },
      onError: (error) => {
        setTerminateError(error.message || FAILURE.terminate);
        setOwes(error instanceof ApiError && error.status === 409);
      },
    });
  }

  const shown = extraSections.filter((section) => user.status || !section.activatedOnly);
  const sections = [
    { id: 'overview', label: 'Overview' },
    { id: 'forms', label: 'Forms' },
    ...shown,
    { id: 'achievements', label: 'Achievements' },
    { id: 'danger-zone', label: 'Danger zone' },
  ];

  return (
    <div className={`dashboard${sidebarOpen === null ? '' : sidebarOpen ? ' dashboard--sidebar-open' : ' dashboard--sidebar-closed'}`}>
      <div className="dashboard__next">{nextStep}</div>
      <nav className="dashboard__sidebar" aria-label="Dashboard sections">
        <button
          type="button"
          className="dashboard__sidebar-toggle"
          aria-expanded={sidebarOpen ?? false}
          aria-controls="dashboard-sections"
          onClick={() => setSidebarOpen((open) => !open)}
        >
          {sidebarOpen ? 'Hide sections' : 'Show sections'}
        </button>
        <ul id="dashboard-sections" className="dashboard__nav">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.label}</a>
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
            <Link to="/profile/payments" className="button button--ghost">
              Payments
            </Link>
            <Link to="/profile/privacy" className="button button--ghost">
              Privacy and my data
            </Link>
          </div>
        </header>
        <ProfileOverview user={user} />
        <ProfileFormsSlot status={user.status} renew={!user.status && user.memberNumber !== null} guardianWaiting={user.guardian === 'waiting'} />
        {shown.map((section) => (
          <Fragment key={section.id}>{section.element}</Fragment>
        ))}
        <Achievements achievements={user.achievements} />
        <section id="danger-zone" className="dashboard__section dashboard__danger" aria-labelledby="danger-zone-title">
          <h2 id="danger-zone-title" className="section-title">
            Danger zone
          </h2>
          <p>Terminating your account deletes your profile, your forms and your uploaded files, and signs you out everywhere. It cannot be undone.</p>
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            Terminate Account
          </button>
        </section>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Terminate account"
        message={FAILURE.terminateConfirm}
        confirmLabel="Terminate"
        busy={terminate.isPending}
        error={owes ? null : terminateError}
        onConfirm={confirmTermination}
        onCancel={() => {
          setConfirming(false);
          setTerminateError(null);
          setOwes(false);
          setCurrentPassword('');
        }}
      >
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setTerminateError(null);
            setOwes(false);
          }}
        />
        {owes && (
          <>
            <FormError message={terminateError} />
            <Link to="/profile/payments" className="button button--primary">
              Go to Payments
            </Link>
          </>
        )}
      </ConfirmDialog>
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
