import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GuardianNotice } from '../../../components/guardian-notice';
import { PLANS } from '../../../../shared/constants';
import { displayDate } from '../../../../shared/display-date';
import { formatNaira } from '../../../../shared/money';
import type { MembershipStatus } from '../../../../shared/schemas/membership';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { useMembershipStatus } from '../api/membership';
import { ActivateStep } from './activate-step';
import { BankAccounts } from './bank-accounts';
import { CopyButton } from './copy-button';
import { PlanAmount, useChosenPlan } from './plan-amount';
import { EmailCheck } from './email-check';
import { RenewalPanel } from './renewal-panel';
import { OnlinePaymentNotice } from '../../../components/online-payment-notice';
import { PayOnline } from './pay-online';
import { SlipUpload } from './slip-upload';
import './fees.css';

/**
 * /user/fees: where the member is on the way to an active profile, from the server's answer:
 * no slip (how to pay, and the upload), a slip under review, approved (the emailed code), or
 * rejected (why, and the upload again).
 */
export function FeesPage() {
  const { user } = useSession();
  const status = useMembershipStatus();
  if (!user || status.isPending) return <Spinner />;
  if (status.isError) {
    return (
      <section className="page page--narrow fees">
        <h1>Membership fee</h1>
        <p className="form__error" role="alert">
          {status.error.message}
        </p>
      </section>
    );
  }
  if (user.guardian === 'waiting') {
    // Nothing to pay yet: the fee is refused until the guardian confirms, so no bank details either.
    return (
      <section className="page page--narrow fees">
        <h1>Membership fee</h1>
        <GuardianNotice />
      </section>
    );
  }
  // A member number is given at first activation: from then on the page is about renewing.
  if (status.data.memberNumber) return <RenewalPanel status={status.data} email={user.email} userId={user.id} />;
  return <FeesContent key={user.id} status={status.data} email={user.email} userId={user.id} activeOnArrival={user.status} />;
}

type Stage = 'pay' | 'review' | 'activate';

function stageOf(payment: MembershipStatus['payment']): Stage {
  if (payment?.status === 'pending') return 'review';
  if (payment?.status === 'approved') return 'activate';
  return 'pay';
}

interface ContentProps {
  status: MembershipStatus;
  email: string;
  userId: string;
  activeOnArrival: boolean;
}

/** Decided once on arrival, so the page that just activated the member can finish its own countdown. */
function FeesContent({ status, email, userId, activeOnArrival }: ContentProps) {
  const [alreadyActive] = useState(activeOnArrival);
  const [params] = useSearchParams();
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
  const chosen = params.get('plan');
  const plan = PLANS.find((p) => p.key === chosen)?.key ?? status.plan ?? undefined;
  const stage = stageOf(status.payment);
  return (
    <section className="page page--narrow fees" aria-labelledby="fees-title">
      <ScrollUpOnNewStage stage={stage} />
      <h1 id="fees-title">Membership fee and activation</h1>
      <OnlinePaymentNotice paid="Payment received: your membership is being activated." />
      <StageTracker stage={stage} online={status.payment?.channel === 'paystack'} />
      <div className="card fees__card">
        {stage === 'pay' && <PayStage status={status} plan={plan} email={email} userId={userId} />}
        {stage === 'review' && status.payment?.channel === 'paystack' && <OnlinePendingStage status={status} plan={plan} email={email} userId={userId} />}
        {stage === 'review' && status.payment?.channel !== 'paystack' && <ReviewStage status={status} plan={plan} email={email} userId={userId} />}
        {stage === 'activate' && (
          <>
            <h2 className="fees__title">Approved: enter the code we emailed</h2>
            <p>
              {status.payment?.channel === 'paystack' ? 'Your online payment is confirmed' : 'Our staff approved your payment slip'} and we emailed a 6-digit
              code to {email}.
            </p>
            <ActivateStep userId={userId} />
          </>
        )}
      </div>
    </section>
  );
}

/** A slip sent or a code entered moves the member on in place: the new step's heading is brought into view, not left above the screen. */
function ScrollUpOnNewStage({ stage }: { stage: Stage }) {
  const shown = useRef(stage);
  useEffect(() => {
    if (shown.current === stage) return;
    shown.current = stage;
    document.getElementById('fees-title')?.scrollIntoView({ block: 'start' });
  }, [stage]);
  return null;
}

const STAGES: { key: Stage; label: string; online: string; onlineDone?: string }[] = [
  { key: 'pay', label: 'Pay and upload the slip', online: 'Pay online' },
  { key: 'review', label: 'Slip under review', online: 'Waiting for Paystack', onlineDone: 'Payment confirmed' },
  { key: 'activate', label: 'Enter the emailed code', online: 'Enter the emailed code' },
];

/** Where the member is, at a glance: done, here, still to come. */
function StageTracker({ stage, online }: { stage: Stage; online: boolean }) {
  const here = STAGES.findIndex((s) => s.key === stage);
  return (
    <ol className="fees__progress" aria-label="Your progress">
      {STAGES.map((s, index) => (
        <li key={s.key} className={index === here ? 'is-current' : index < here ? 'is-done' : undefined} aria-current={index === here ? 'step' : undefined}>
          <span className="fees__dot" aria-hidden="true">
            {index < here ? '✓' : index + 1}
          </span>
          <span className="fees__label">{online ? (index < here ? (s.onlineDone ?? s.online) : s.online) : s.label}</span>
        </li>
      ))}
    </ol>
  );
}

interface StageProps {
  status: MembershipStatus;
  plan: string | undefined;
  email: string;
  userId: string;
}

function PayStage({ status, plan, email, userId }: StageProps) {
  const rejected = status.payment?.status === 'rejected' ? status.payment : null;
  const online = rejected?.channel === 'paystack';
  return (
    <>
      <h2 className="fees__title">{rejected ? (online ? 'Your online payment was not completed' : 'Your slip was not approved') : 'Pay the membership fee'}</h2>
      {rejected && !online && (
        <div className="fees__note fees__note--bad" role="alert">
          <p>
            <strong>Reason:</strong> {rejected.reason ?? 'no reason given'}
          </p>
          <p>Upload a new slip below (pay again first if the payment itself was wrong).</p>
        </div>
      )}
      {online && (
        <p className="fees__note" role="status">
          Nothing was taken for it. Pay online again, or transfer and upload the slip below.
        </p>
      )}
      <HowToPay plan={plan} />
      <h3 className="fees__subtitle">{rejected ? 'Upload a new slip' : 'Upload your payment slip'}</h3>
      {status.emailVerified ? (
        <>
          <SlipUpload email={email} userId={userId} plan={plan} submitLabel={rejected ? 'Upload new slip' : 'Upload slip'} />
          <PayOnline pay={{ plan, months: 1 }} />
        </>
      ) : (
        <EmailCheck email={email} />
      )}
    </>
  );
}

function HowToPay({ plan: planId }: { plan: string | undefined }) {
  const plan = useChosenPlan(planId);
  const amount = plan ? formatNaira(plan.priceKobo) : 'the amount above';
  return (
    <div className="fees__step">
      <div className="fees__price">
        <PlanAmount plan={planId} months={1} />
        {plan && <CopyButton text={String(plan.priceKobo / 100)} what="amount" />}
      </div>
      <ol className="fees__instructions">
        <li>Transfer {amount} into one of the accounts below, with your full name as the narration.</li>
        <li>Keep the slip or a screenshot of the transfer receipt, and upload it here.</li>
        <li>Our staff check it (usually within a working day) and email you a 6-digit code.</li>
        <li>Enter the code here: your profile is active and the member forms open.</li>
      </ol>
      <BankAccounts />
    </div>
  );
}

/**
 * An online payment Paystack has not confirmed yet: a bank transfer on its way, or a checkout left
 * unfinished. The member may pay again at once (the unfinished one is set aside and never charged
 * twice) or send a slip.
 */
function OnlinePendingStage({ status, plan, email, userId }: StageProps) {
  const startedAt = status.payment ? displayDate(status.payment.uploadedAt) : null;
  return (
    <>
      <h2 className="fees__title">Waiting for Paystack to confirm your payment</h2>
      <p className="fees__note" role="status">
        You started paying online{startedAt ? ` on ${startedAt}` : ''}. If you paid, it is booked as soon as Paystack confirms it (a bank transfer can take a
        few minutes) and we email you a 6-digit code. If you did not finish, pay again: we ask Paystack first, and refuse a second payment while the first is
        still on its way.
      </p>
      <PayOnline pay={{ plan: plan ?? status.payment?.plan ?? undefined, months: status.payment?.months ?? 1 }} />
      <SlipOnRequest
        question="Paid by transfer to our account instead?"
        offer="Upload the slip"
        title="Upload your payment slip"
        submitLabel="Upload slip"
        slip={{ email, userId, plan }}
      />
      <Link className="button button--ghost" to="/profile">
        Back to your dashboard
      </Link>
    </>
  );
}

/** A question with a link that opens the slip upload in place, for a member who needs it now and then. */
function SlipOnRequest(props: {
  question: string;
  offer: string;
  title: string;
  submitLabel: string;
  slip: { email: string; userId: string; plan: string | undefined };
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <p>
        {props.question}{' '}
        <button type="button" className="fees__link" onClick={() => setOpen(true)}>
          {props.offer}
        </button>
      </p>
    );
  }
  return (
    <>
      <h3 className="fees__subtitle">{props.title}</h3>
      <SlipUpload {...props.slip} submitLabel={props.submitLabel} onUploaded={() => setOpen(false)} />
    </>
  );
}

function ReviewStage({ status, plan, email, userId }: StageProps) {
  const uploadedAt = status.payment ? displayDate(status.payment.uploadedAt) : null;
  return (
    <>
      <h2 className="fees__title">Slip received, under review</h2>
      <p className="fees__note" role="status">
        Slip received{uploadedAt ? ` on ${uploadedAt}` : ''}, under review (usually within a working day). We will email you a 6-digit code as soon as it is
        approved; then come back here to enter it.
      </p>
      <SlipOnRequest
        question="Uploaded the wrong file?"
        offer="Replace it"
        title="Replace your slip"
        submitLabel="Replace slip"
        slip={{ email, userId, plan }}
      />
      <Link className="button button--ghost" to="/profile">
        Back to your dashboard
      </Link>
    </>
  );
}
