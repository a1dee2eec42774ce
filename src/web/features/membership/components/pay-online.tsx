import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { onlinePaymentSchema } from '../../../../shared/schemas/membership';
import { FormError } from '../../../components/form-error';
import { ButtonSpinner } from '../../../components/spinner';
import { api } from '../../../lib/api';
import { useOnlinePayment } from '../../../lib/plans';

/** What is paid: membership months (plan, months), one of the member's fines (fineId), or their advert (adId). */
type OnlinePayment = z.input<typeof onlinePaymentSchema>;

/**
 * "Pay online" beside "Upload a slip", only when the server takes payments online: the server
 * writes the payment and answers Paystack's checkout address, where the member goes to pay.
 */
export function PayOnline({ pay, amount }: { pay: OnlinePayment; amount?: string }) {
  const available = useOnlinePayment();
  const start = useMutation({
    mutationFn: () => api.post<{ authorizationUrl: string }>('/api/users/payments/online', { json: pay }),
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
