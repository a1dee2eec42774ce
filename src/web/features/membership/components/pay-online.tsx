import { useMutation } from '@tanstack/react-query';
import { FormError } from '../../../components/form-error';
import { ButtonSpinner } from '../../../components/spinner';
import { api } from '../../../lib/api';
import { useOnlinePayment } from '../../../lib/plans';

/**
 * "Pay online" beside "Upload a slip", only when the server takes payments online: the server
 * writes the payment and answers Paystack's checkout address, where the member goes to pay.
 */
export function PayOnline({ plan, months, amount }: { plan: string | undefined; months: number; amount?: string }) {
  const available = useOnlinePayment();
  const start = useMutation({
    mutationFn: () => api.post<{ authorizationUrl: string }>('/api/users/payments/online', { json: { plan, months } }),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });
  if (!available) return null;
  return (
    <div className="fees__step">
      <p>Or pay online by card, bank transfer or USSD: your payment is confirmed at once.</p>
      <button type="button" className="button button--primary" disabled={start.isPending || start.isSuccess} onClick={() => start.mutate()}>
        {(start.isPending || start.isSuccess) && <ButtonSpinner />} Pay online{amount ? ` ${amount}` : ''}
      </button>
      <FormError message={start.error?.message} />
    </div>
  );
}
