import { BankAccounts } from './bank-accounts';
import { PlanAmount } from './plan-amount';

/** Step 2: how to pay. The bank details are the company's settings, not text in the page. */
export function InstructionsStep({ plan, onUnderstood }: { plan: string; onUnderstood: () => void }) {
  return (
    <div className="fees__step">
      <PlanAmount plan={plan} months={1} />
      <BankAccounts />
      <ol className="fees__instructions">
        <li>Pay the amount shown by bank transfer into one of the accounts above.</li>
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
