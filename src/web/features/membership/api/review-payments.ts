import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentState, PaymentSummary } from '../../../../shared/schemas/membership';
import { api } from '../../../lib/api';

const paymentsKey = (status: PaymentState) => ['admin', 'payments', status] as const;

export function usePayments(status: PaymentState) {
  return useQuery({
    queryKey: paymentsKey(status),
    queryFn: () => api.get<PaymentSummary[]>(`/api/admin/payments?status=${status}`),
  });
}

export function useReviewPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; approve: true; months?: number; reason?: string } | { id: string; approve: false; reason: string }) =>
      decision.approve
        ? api.post<{ message: string }>(`/api/admin/payments/${decision.id}/approve`, { json: { months: decision.months, reason: decision.reason } })
        : api.post<{ message: string }>(`/api/admin/payments/${decision.id}/reject`, { json: { reason: decision.reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'payments'] }),
  });
}

/** Finance reverses an approved payment booked in error, or refunds an online one through Paystack, with a reason the member sees. */
export function useReversePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, refund }: { id: string; reason: string; refund?: boolean }) =>
      api.post<{ message: string }>(`/api/admin/payments/${id}/${refund ? 'refund' : 'reverse'}`, { json: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'payments'] }),
  });
}
