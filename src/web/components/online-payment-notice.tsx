import { useSearchParams } from 'react-router';
import './online-payment-notice.css';

/** Where Paystack's callback sends the member back: the fee, payments or profile page, with ?online=paid|not-paid|processing|review. */
type OnlineOutcome = 'paid' | 'not-paid' | 'processing' | 'review';

function outcomeOf(value: string | null): OnlineOutcome | null {
  return value === 'paid' || value === 'not-paid' || value === 'processing' || value === 'review' ? value : null;
}

/** What the member is told on coming back from Paystack's checkout; nothing on an ordinary visit. */
export function OnlinePaymentNotice({ paid }: { paid: string }) {
  const [params] = useSearchParams();
  const outcome = outcomeOf(params.get('online'));
  if (outcome === 'paid') {
    return (
      <p className="online-notice online-notice--done" role="status">
        {paid}
      </p>
    );
  }
  if (outcome === 'not-paid') {
    return (
      <p className="online-notice online-notice--bad" role="alert">
        The payment was not completed. You can try again or upload a slip.
      </p>
    );
  }
  if (outcome === 'processing') {
    return (
      <p className="online-notice" role="status">
        Your bank is still sending this payment. It is booked as soon as Paystack confirms it: you need not pay again.
      </p>
    );
  }
  if (outcome === 'review') {
    return (
      <p className="online-notice" role="status">
        We are checking your payment; finance will confirm it shortly.
      </p>
    );
  }
  return null;
}
