import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GuardianNotice } from '../../../components/guardian-notice';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { useMembershipStatus } from '../api/membership';
import { ActivateStep } from './activate-step';
import { EmailStep } from './email-step';
import { InstructionsStep } from './instructions-step';
import { OtpStep } from './otp-step';
import { RenewalPanel } from './renewal-panel';
import { SlipStep } from './slip-step';
import { useWizardState } from './use-wizard-state';
import './fees.css';

const STEP_TITLES = ['Verify your email', 'Payment instructions', 'Upload payment slip', 'Send OTP', 'Activate profile'] as const;

/**
 * /user/fees: the five-step fee and activation wizard: verify the email, read how to pay, upload
 * the slip, get the OTP once staff approve it, activate.
 */
export function FeesPage() {
  const { user } = useSession();
  const status = useMembershipStatus();
  if (!user || status.isPending) return <Spinner />;
  // A member number is given at first activation: from then on the page is about renewing.
  if (status.data?.memberNumber) return <RenewalPanel status={status.data} email={user.email} userId={user.id} />;
  return <FeesContent key={user.id} email={user.email} userId={user.id} activeOnArrival={user.status} />;
}

/** Decided once on arrival, so the page that just activated the member can finish its own countdown. */
function FeesContent({ email, userId, activeOnArrival }: { email: string; userId: string; activeOnArrival: boolean }) {
  const [alreadyActive] = useState(activeOnArrival);
  if (alreadyActive) {
    return (
      <section className="page page--narrow fees">
        <h1>Membership fee</h1>
        <p className="fees__done">Your profile is active. The member forms are open to you.</p>
        <Link className="button button--primary" to="/profile">
          Go to your dashboard
        </Link>
      </section>
    );
  }
  return <FeesWizard email={email} userId={userId} />;
}

function FeesWizard({ email, userId }: { email: string; userId: string }) {
  const [params] = useSearchParams();
  const { state, update, back } = useWizardState(email, params.get('plan'));
  const status = useMembershipStatus().data;

  // The server knows what the browser forgot (another device, a cleared tab): move forward to
  // match it once per answer, so Previous Step and Retry still go back.
  const synced = useRef<typeof status>(undefined);
  useEffect(() => {
    if (!status || synced.current === status) return;
    synced.current = status;
    if (status.payment && status.payment.status !== 'rejected' && state.step < 4) {
      update({ isVerified: true, userId, uploadStatus: 'success', step: 4 });
    } else if (status.emailVerified && state.step === 1) {
      update({ isVerified: true, userId, step: 2 });
    }
  }, [status, state.step, update, userId]);

  return (
    <section className="page page--narrow fees" aria-labelledby="fees-title">
      <h1 id="fees-title">Membership fee and activation</h1>
      <GuardianNotice />
      <ol className="fees__progress" aria-label="Steps">
        {STEP_TITLES.map((title, index) => (
          <li key={title} className={index + 1 === state.step ? 'is-current' : index + 1 < state.step ? 'is-done' : undefined} aria-current={index + 1 === state.step ? 'step' : undefined}>
            <span className="fees__dot" aria-hidden="true">
              {index + 1}
            </span>
            <span className="fees__label">{title}</span>
          </li>
        ))}
      </ol>
      <div className="card fees__card">
        <h2 className="fees__title">
          Step {state.step} of 5: {STEP_TITLES[state.step - 1]}
        </h2>
        {state.step === 1 && <EmailStep state={state} update={update} />}
        {state.step === 2 && <InstructionsStep plan={state.plan} onUnderstood={() => update({ step: 3 })} />}
        {state.step === 3 && <SlipStep state={state} update={update} userId={userId} />}
        {state.step === 4 && <OtpStep state={state} update={update} userId={userId} />}
        {state.step === 5 && <ActivateStep userId={state.userId || userId} />}
        {state.step >= 2 && (
          <button type="button" className="button button--ghost fees__back" onClick={back}>
            Previous Step
          </button>
        )}
      </div>
    </section>
  );
}
