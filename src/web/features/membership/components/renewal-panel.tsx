import { OnlinePaymentNotice } from '../../../components/online-payment-notice';
import { PayOnline } from './pay-online';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { displayDate } from '../../../../shared/display-date';
import { formatNaira } from '../../../../shared/money';
import type { MembershipStatus } from '../../../../shared/schemas/membership';
import { ButtonSpinner } from '../../../components/spinner';
import { useDraftState } from '../../../lib/form-draft';
import { SubmissionStatus } from '../../../components/submission-status';
import { useUploadSlip } from '../api/membership';
import { BankAccounts } from './bank-accounts';
import { PlanAmount, useChosenPlan } from './plan-amount';
import { SlipFileField } from './slip-file-field';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** What a member's membership looks like today, in one sentence. */
function standing(status: MembershipStatus): string {
  const until = status.paidUntil ? displayDate(status.paidUntil) : null;
  if (status.suspendedReason) return `Your membership is suspended: ${status.suspendedReason}. Contact us to have it reinstated.`;
  switch (status.state) {
    case 'active':
      return `Your membership is paid until ${until}.`;
    case 'grace':
      return `Your membership ended on ${until}. Everything still works until ${displayDate(status.graceUntil!)}: renew now to keep it that way.`;
    case 'pending':
      return 'Your renewal slip is under review (usually within a working day). We will email you when it is approved.';
    default:
      return until ? `Your membership lapsed on ${until}. Renew it to use the member forms again.` : 'Renew your membership to use the member forms.';
  }
}

/**
 * /user/fees for a member activated before: the state of their membership and a renewal (months,
 * amount, where to pay, the slip). No email code or OTP: staff approve the slip and the months.
 */
export function RenewalPanel({ status, email, userId }: { status: MembershipStatus; email: string; userId: string }) {
  const [months, setMonths, clearMonths] = useDraftState('fees:months', 1);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadSlip();
  const plan = useChosenPlan(status.plan);
  const amount = plan ? formatNaira(plan.priceKobo * months) : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    upload.submit({ file, email, userId, plan: status.plan ?? undefined, months }, { onSuccess: clearMonths });
  }

  return (
    <section className="page page--narrow fees" aria-labelledby="renew-title">
      <h1 id="renew-title">Your membership</h1>
      <OnlinePaymentNotice paid="Payment received: your membership is being renewed." />
      <p className="fees__standing" role="status">
        {status.memberNumber && <strong>{status.memberNumber} · </strong>}
        {standing(status)}
      </p>
      {upload.state === 'sent' ? (
        <p className="fees__done">Slip received. It is under review (usually within a working day); we will email you when it is approved.</p>
      ) : (
        status.state !== 'pending' && (
          <div className="card fees__card">
            <h2 id="renew-form-title" className="fees__title">
              Renew
            </h2>
            <form className="form fees__step" onSubmit={submit} aria-labelledby="renew-form-title">
              <div className="field">
                <label className="field__label" htmlFor="months">
                  Months to pay for
                </label>
                <select id="months" className="field__control" value={months} onChange={(e) => setMonths(Number(e.target.value))}>
                  {MONTHS.map((n) => (
                    <option key={n} value={n}>
                      {n} {n === 1 ? 'month' : 'months'}
                    </option>
                  ))}
                </select>
              </div>
              <PlanAmount plan={status.plan} months={months} />
              <p>Pay it by bank transfer, with your full name as the narration.</p>
              <BankAccounts />
              <SlipFileField
                name="renewalSlip"
                onChange={(chosen) => {
                  setFile(chosen);
                  upload.reset();
                }}
              />
              <SubmissionStatus submission={upload.view} showProgress />
              <button className="button button--primary" type="submit" disabled={!file || upload.pending}>
                {upload.pending && <ButtonSpinner />} Upload slip for {amount}
              </button>
            </form>
            <PayOnline pay={{ plan: status.plan ?? undefined, months }} amount={amount} />
          </div>
        )
      )}
      <Link className="button button--ghost" to="/profile">
        Back to your dashboard
      </Link>
    </section>
  );
}
