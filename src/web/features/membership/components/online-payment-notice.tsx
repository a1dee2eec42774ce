import { useSearchParams } from 'react-router';

/** Where Paystack's callback sends the member back: /user/fees?online=paid|not-paid|review. */
type OnlineOutcome = 'paid' | 'not-paid' | 'review';

function outcomeOf(value: string | null): OnlineOutcome | null {
  return value === 'paid' || value === 'not-paid' || value === 'review' ? value : null;
}

/** What the member is told on coming back from Paystack's checkout; nothing on an ordinary visit. */
export function OnlinePaymentNotice({ renewing = false }: { renewing?: boolean }) {
  const [params] = useSearchParams();
  const outcome = outcomeOf(params.get('online'));
  if (outcome === 'paid') {
    return (
      <p className="fees__done" role="status">
        Payment received: your membership is being {renewing ? 'renewed' : 'activated'}.
      </p>
    );
  }
  if (outcome === 'not-paid') {
    return (
      <div className="fees__note fees__note--bad" role="alert">
        <p>The payment was not completed. You can try again or upload a slip.</p>
      </div>
    );
  }
  if (outcome === 'review') {
    return (
      <p className="fees__note" role="status">
        We are checking your payment; finance will confirm it shortly.
      </p>
    );
  }
  return null;
}
