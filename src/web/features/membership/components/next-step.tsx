import { Link } from 'react-router';
import { GuardianNotice } from '../../../components/guardian-notice';
import { displayDate } from '../../../../shared/display-date';
import type { MembershipStatus } from '../../../../shared/schemas/membership';
import { useSession } from '../../../lib/session';
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
    return { title: 'Your membership is suspended', text: `${status.suspendedReason}. Contact us to have it reinstated.`, action: { label: 'Contact us', to: '/contact' }, tone: 'bad' };
  }
  const payment = status.payment;
  if (!status.memberNumber) {
    if (payment?.status === 'pending') {
      return { title: 'Slip received, under review', text: 'Usually within a working day. We will email you a 6-digit code once it is approved.', tone: 'wait' };
    }
    if (payment?.status === 'approved') {
      return { title: 'Approved: enter the code we emailed', text: 'Your payment slip is approved. Enter the 6-digit code from the email to activate your profile.', action: { label: 'Enter the code', to: '/user/fees' }, tone: 'todo' };
    }
    if (payment?.status === 'rejected') {
      return { title: 'Your payment slip was not approved', text: `${payment.reason ?? 'No reason given'}. Upload a new slip to continue.`, action: { label: 'Upload a new slip', to: '/user/fees' }, tone: 'bad' };
    }
    return { title: 'Next step: pay the membership fee', text: 'Pay by bank transfer and upload the slip. Once our staff approve it, the member forms open to you.', action: { label: 'Pay the fee', to: '/user/fees' }, tone: 'todo' };
  }
  if (status.state === 'pending') {
    return { title: 'Renewal slip under review', text: 'Usually within a working day. We will email you when it is approved.', tone: 'wait' };
  }
  if (status.state === 'grace' && status.graceUntil) {
    return { title: 'Renew your membership', text: `It ended on ${displayDate(status.paidUntil!)}. Everything still works until ${displayDate(status.graceUntil)}.`, action: { label: 'Renew', to: '/user/fees' }, tone: 'todo' };
  }
  if (status.state === 'lapsed' || status.state === 'none') {
    return { title: 'Your membership has lapsed', text: 'Renew it to open the member forms again.', action: { label: 'Renew', to: '/user/fees' }, tone: 'bad' };
  }
  return null;
}

/**
 * The top of the dashboard: what to do next (pay, enter the code, renew), before anything else.
 * A member under 18 waits for their guardian first: nothing about paying until they confirm.
 */
export function NextStep() {
  const { user } = useSession();
  const status = useMembershipStatus();
  if (user?.guardian === 'waiting') return <GuardianNotice />;
  if (!status.data) return null;
  const step = nextStepOf(status.data);
  if (!step) return null;
  return (
    <section className={`next-step next-step--${step.tone}`} aria-labelledby="next-step-title">
      <div className="next-step__text">
        <h2 id="next-step-title" className="next-step__title">
          {step.title}
        </h2>
        <p>{step.text}</p>
      </div>
      {step.action && (
        <Link className="button button--primary next-step__action" to={step.action.to}>
          {step.action.label}
        </Link>
      )}
    </section>
  );
}
