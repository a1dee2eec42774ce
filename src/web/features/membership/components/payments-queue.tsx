import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_STATES, type PaymentState, type PaymentSummary } from '../../../../shared/schemas/membership';
import { CHARGE_KINDS } from '../../../../shared/charges';
import { PLANS } from '../../../../shared/constants';
import { formatNaira } from '../../../../shared/money';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { TextAreaField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useOnlinePayment } from '../../../lib/plans';
import { usePayments, useReversePayment, useReviewPayment } from '../api/review-payments';
import { ReviewQueue } from '../../../components/review-queue';
import { displayDateTime } from '../../../../shared/display-date';
import './membership-console.css';

/** Where Paystack's refund stands, as finance reads it. */
const REFUND_STATUS_WORDS: Record<NonNullable<PaymentSummary['refundStatus']>, string> = {
  pending: 'on its way',
  processed: 'reached the member',
  failed: 'failed',
  'needs-attention': 'needs the member’s bank details',
};

const STATES: readonly PaymentState[] = PAYMENT_STATES;

/** /admin/payments: slips to check against the bank statement, then approve (the months the member chose, or corrected with a reason) or reject (with a reason). */
export function PaymentsQueue() {
  const online = useOnlinePayment();
  return (
    <>
      {online && (
        <p className="admin__section">
          <Link to="/admin/payments/reconciliation">Reconcile online payments with Paystack →</Link>
        </p>
      )}
      <ReviewQueue
        title="Payments"
        noun="payments"
        statuses={STATES}
        useItems={usePayments}
        renderItem={(payment) => <PaymentCard key={payment.id} payment={payment} />}
      />
    </>
  );
}

function PaymentCard({ payment }: { payment: PaymentSummary }) {
  const flash = useFlash();
  const review = useReviewPayment();
  const chosenMonths = payment.months ?? 1;
  const [months, setMonths] = useState(chosenMonths);
  const [correction, setCorrection] = useState('');
  const [reason, setReason] = useState('');
  const corrected = payment.kind === 'fee' && months !== chosenMonths;
  const [rejecting, setRejecting] = useState(false);
  const planName = PLANS.find((p) => p.key === payment.plan)?.name ?? payment.plan ?? '—';

  const decide = (decision: Parameters<typeof review.mutate>[0]) =>
    review.mutate(decision, {
      onSuccess: (data) => flash.showSuccess(data.message),
    });

  function reject(event: FormEvent) {
    event.preventDefault();
    decide({ id: payment.id, approve: false, reason });
  }

  return (
    <li className="card admin__payment" aria-label={`Payment of ${payment.fullName ?? 'a former member'}`}>
      <div className="admin__payment-info">
        <h3>{payment.fullName ?? 'Former member'}</h3>
        <dl className="admin__facts">
          <dt>Email</dt>
          <dd>{payment.email ?? '—'}</dd>
          <dt>Phone</dt>
          <dd>{payment.phone ?? '—'}</dd>
          <dt>For</dt>
          <dd>{payment.kind === 'fee' ? `${CHARGE_KINDS.fee.label} · ${planName}` : (payment.description ?? CHARGE_KINDS[payment.kind].label)}</dd>
          <dt>Amount</dt>
          <dd>
            {formatNaira(payment.amountKobo)}
            {payment.months ? ` · ${payment.months} month${payment.months === 1 ? '' : 's'}` : ''}
          </dd>
          <dt>{payment.channel === 'paystack' ? 'Started' : 'Uploaded'}</dt>
          <dd>
            <time dateTime={payment.uploadedAt}>{displayDateTime(payment.uploadedAt)}</time>
          </dd>
          {payment.reviewedAt && (
            <>
              <dt>Reviewed</dt>
              <dd>
                {displayDateTime(payment.reviewedAt)} by {payment.reviewerEmail ?? 'staff'}
              </dd>
            </>
          )}
          {payment.channel === 'paystack' && (
            <>
              <dt>Paid</dt>
              <dd>{payment.status === 'pending' && !payment.issue ? 'Online checkout, not yet confirmed by Paystack' : 'Online (Paystack)'}</dd>
            </>
          )}
          {payment.issue && (
            <>
              <dt>
                {payment.refundStatus === 'failed' || payment.refundStatus === 'needs-attention'
                  ? 'Refund not made'
                  : payment.status === 'approved'
                    ? 'To refund'
                    : 'Not booked'}
              </dt>
              <dd>{payment.issue}</dd>
            </>
          )}
          {payment.refundedAt && (
            <>
              <dt>Refunded</dt>
              <dd>
                <time dateTime={payment.refundedAt}>{displayDateTime(payment.refundedAt)}</time> through Paystack
                {payment.refundStatus && ` (${REFUND_STATUS_WORDS[payment.refundStatus]})`}
              </dd>
            </>
          )}
          {payment.reason && (
            <>
              <dt>Reason</dt>
              <dd>{payment.reason}</dd>
            </>
          )}
        </dl>
      </div>
      {payment.slipUrl && <SlipPreview url={payment.slipUrl} type={payment.slipType} />}
      {payment.status === 'pending' && payment.channel === 'paystack' && !payment.issue && (
        <p className="admin__note">Nothing to do: Paystack’s word books it, or the housekeeping sets it aside once Paystack says it was not paid.</p>
      )}
      {payment.status === 'pending' && payment.channel === 'slip' && (
        <div className="admin__decision">
          <div className="admin__approve">
            {payment.kind === 'fee' && (
              <label>
                Months covered{' '}
                <select name="months" value={months} onChange={(e) => setMonths(Number(e.target.value))}>
                  {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <button
              type="button"
              className="button button--primary"
              disabled={review.isPending || (corrected && !correction.trim())}
              onClick={() => decide({ id: payment.id, approve: true, ...(corrected ? { months, reason: correction } : {}) })}
            >
              {review.isPending && <ButtonSpinner />} Approve
            </button>
            <button type="button" className="button button--ghost" onClick={() => setRejecting((open) => !open)} aria-expanded={rejecting}>
              Reject...
            </button>
          </div>
          {corrected && (
            <TextAreaField
              label={`Reason for changing the ${chosenMonths} month${chosenMonths === 1 ? '' : 's'} the member chose (the member sees it)`}
              name="correction"
              required
              rows={2}
              value={correction}
              onChange={(e) => setCorrection(e.target.value)}
            />
          )}
          <FormError message={review.error?.message} />
          {rejecting && (
            <form className="form" onSubmit={reject}>
              <TextAreaField label="Reason for the member" name="reason" required rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
              <button type="submit" className="button button--danger" disabled={review.isPending || !reason.trim()}>
                Reject
              </button>
            </form>
          )}
        </div>
      )}
      {payment.status === 'approved' && <ReversePayment payment={payment} />}
      {payment.channel === 'paystack' && (payment.refundStatus === 'failed' || (!payment.refundedAt && (payment.status === 'approved' || payment.issue))) && (
        <ReversePayment payment={payment} refund />
      )}
    </li>
  );
}

/**
 * A payment approved in error is reversed, never edited: a contra entry on the member's ledger and
 * a note by the receipt. An online one can be refunded instead: Paystack sends the money back and
 * the same reversal is booked.
 */
function ReversePayment({ payment, refund = false }: { payment: PaymentSummary; refund?: boolean }) {
  const flash = useFlash();
  const reverse = useReversePayment();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    reverse.mutate({ id: payment.id, reason, refund }, { onSuccess: (data) => flash.showSuccess(data.message) });
  }

  return (
    <div className="admin__decision">
      <button type="button" className="button button--ghost" onClick={() => setOpen((was) => !was)} aria-expanded={open}>
        {refund ? 'Refund...' : 'Reverse...'}
      </button>
      <FormError message={reverse.error?.message} />
      {open && (
        <form className="form" onSubmit={submit}>
          <TextAreaField
            label={refund ? 'Why this payment is refunded (the member sees it)' : 'Why this payment is reversed (the member sees it)'}
            name={refund ? 'refundReason' : 'reversalReason'}
            required
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit" className="button button--danger" disabled={reverse.isPending || !reason.trim()}>
            {reverse.isPending && <ButtonSpinner />} {refund ? `Refund ${formatNaira(payment.amountKobo)} through Paystack` : 'Reverse payment'}
          </button>
        </form>
      )}
    </div>
  );
}

function SlipPreview({ url, type }: { url: string; type: string | null }) {
  // A PDF may carry scripts, so the server sends it only as a download.
  if (type === 'application/pdf') {
    return (
      <div className="admin__slip">
        <a href={url} download>
          Download the PDF slip
        </a>
      </div>
    );
  }
  return (
    <a className="admin__slip" href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt="Payment slip" loading="lazy" />
    </a>
  );
}
