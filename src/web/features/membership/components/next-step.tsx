import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GuardianNotice } from '../../../components/guardian-notice';
import { displayDate } from '../../../../shared/display-date';
import { formatNaira } from '../../../../shared/money';
import type { LedgerEntry } from '../../../../shared/schemas/ledger';
import type { MembershipStatus } from '../../../../shared/schemas/membership';
import { useSession } from '../../../lib/session';
import { useLedger } from '../api/ledger';
import { useMembershipStatus } from '../api/membership';
import './next-step.css';

interface Step {
  title: string;
  text: string;
  action?: { label: string; to: string };
  tone: 'todo' | 'wait' | 'bad';
}

/** The one thing the member should do next, from their membership status; nothing when all is well. */
export function nextStepOf(status: MembershipStatus): Step | null {
  if (status.suspendedReason) {
    return {
      title: 'Your membership is suspended',
      text: `${status.suspendedReason}. Contact us to have it reinstated.`,
      action: { label: 'Contact us', to: '/contact' },
      tone: 'bad',
    };
  }
  const payment = status.payment;
  if (!status.memberNumber) {
    if (payment?.status === 'pending') {
      return {
        title: 'Slip received, under review',
        text: 'Usually within a working day. We will email you a 6-digit code once it is approved.',
        tone: 'wait',
      };
    }
    if (payment?.status === 'approved') {
      return {
        title: 'Approved: enter the code we emailed',
        text: 'Your payment slip is approved. Enter the 6-digit code from the email to activate your profile.',
        action: { label: 'Enter the code', to: '/user/fees' },
        tone: 'todo',
      };
    }
    if (payment?.status === 'rejected') {
      return {
        title: 'Your payment slip was not approved',
        text: `${payment.reason ?? 'No reason given'}. Upload a new slip to continue.`,
        action: { label: 'Upload a new slip', to: '/user/fees' },
        tone: 'bad',
      };
    }
    return {
      title: 'Next step: pay the membership fee',
      text: 'Pay by bank transfer and upload the slip. Once our staff approve it, the member forms open to you.',
      action: { label: 'Pay the fee', to: '/user/fees' },
      tone: 'todo',
    };
  }
  if (status.state === 'pending') {
    return { title: 'Renewal slip under review', text: 'Usually within a working day. We will email you when it is approved.', tone: 'wait' };
  }
  if (status.state === 'grace' && status.graceUntil) {
    return {
      title: 'Renew your membership',
      text: `It ended on ${displayDate(status.paidUntil!)}. Everything still works until ${displayDate(status.graceUntil)}.`,
      action: { label: 'Renew', to: '/user/fees' },
      tone: 'todo',
    };
  }
  if (status.state === 'lapsed' || status.state === 'none') {
    return { title: 'Your membership has lapsed', text: 'Renew it to open the member forms again.', action: { label: 'Renew', to: '/user/fees' }, tone: 'bad' };
  }
  return null;
}

/**
 * The top of the dashboard: what to do next (pay, enter the code, renew), before anything else,
 * and any fine still to pay. A member under 18 waits for their guardian first: nothing about
 * paying until they confirm.
 */
export function NextStep() {
  const { user } = useSession();
  const status = useMembershipStatus();
  if (user?.guardian === 'waiting') return <GuardianNotice />;
  const step = status.data ? nextStepOf(status.data) : null;
  return (
    <>
      {step && <StepCard step={step} id="next-step-title" />}
      <UnpaidFines />
    </>
  );
}

function StepCard({ step, id, children }: { step: Step; id: string; children?: ReactNode }) {
  return (
    <section className={`next-step next-step--${step.tone}`} aria-labelledby={id}>
      <div className="next-step__text">
        <h2 id={id} className="next-step__title">
          {step.title}
        </h2>
        <p>{step.text}</p>
        {children}
      </div>
      {step.action && (
        <Link className="button button--primary next-step__action" to={step.action.to}>
          {step.action.label}
        </Link>
      )}
    </section>
  );
}

/** Fines recorded and not yet paid (no slip sent): what is owed, and the way to pay each. */
function UnpaidFines() {
  const unpaid = (useLedger().data?.entries ?? []).filter((entry) => entry.kind === 'fine' && entry.fineStatus === 'unpaid');
  if (unpaid.length === 0) return null;
  const total = formatNaira(unpaid.reduce((sum, fine) => sum + fine.amountKobo, 0));
  const how = 'Pay by bank transfer into the company account and upload the slip; our staff check it within a working day.';
  if (unpaid.length === 1) {
    const [fine] = unpaid as [LedgerEntry];
    return (
      <StepCard
        id="unpaid-fines-title"
        step={{
          title: `You owe a fine of ${total}`,
          text: `${fine.description.replace(/[.!?]$/, '')}. ${how}`,
          action: { label: 'Pay this fine', to: `/profile/payments/fines/${fine.id}` },
          tone: 'bad',
        }}
      />
    );
  }
  return (
    <StepCard
      id="unpaid-fines-title"
      step={{
        title: `You owe ${unpaid.length} fines, ${total} in all`,
        text: how,
        action: { label: 'See your payments', to: '/profile/payments' },
        tone: 'bad',
      }}
    >
      <ul className="next-step__list">
        {unpaid.map((fine) => (
          <li key={fine.id}>
            <Link to={`/profile/payments/fines/${fine.id}`}>
              {formatNaira(fine.amountKobo)}: {fine.description}
            </Link>
          </li>
        ))}
      </ul>
    </StepCard>
  );
}
