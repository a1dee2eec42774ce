import { MEMBERSHIP_FEE_KOBO, PLANS } from '../../../../shared/constants';
import { formatNaira } from '../../../../shared/money';
import { BankAccounts } from './bank-accounts';

/** Step 2: how to pay. The bank details are the company's settings, not text in the page. */
export function InstructionsStep({ plan, onUnderstood }: { plan: string; onUnderstood: () => void }) {
  const planName = PLANS.find((p) => p.key === plan)?.name ?? 'Standard Plan';
  return (
    <div className="fees__step">
      <p className="fees__amount">
        <strong>{formatNaira(MEMBERSHIP_FEE_KOBO)}</strong> a month · {planName}
      </p>
      <BankAccounts />
      <ol className="fees__instructions">
        <li>Pay {formatNaira(MEMBERSHIP_FEE_KOBO)} by bank transfer into one of the accounts above.</li>
        <li>Use your full name as the transfer narration so we can find your payment.</li>
        <li>Keep the payment slip or a screenshot of the transfer receipt.</li>
        <li>Upload the slip on the next step (a photo or a PDF).</li>
        <li>Our staff check it against the bank statement and email you a one-time code (OTP).</li>
        <li>Enter the OTP here and your profile is activated.</li>
        <li>Then fill in the member forms from your dashboard.</li>
      </ol>
      <button type="button" className="button button--primary" onClick={onUnderstood}>
        I Understand
      </button>
    </div>
  );
}
