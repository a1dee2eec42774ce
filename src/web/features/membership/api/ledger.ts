import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ledger, MemberPayment } from '../../../../shared/schemas/ledger';
import { api } from '../../../lib/api';

/** The member's account: ledger entries and balance, and approved payments with receipts. */
export const ledgerQuery = queryOptions({
  queryKey: ['ledger'],
  queryFn: () => api.get<Ledger>('/api/users/ledger'),
});

export const memberPaymentsQuery = queryOptions({
  queryKey: ['ledger', 'payments'],
  queryFn: async () => (await api.get<{ payments: MemberPayment[] }>('/api/users/payments')).payments,
});

export function useLedger() {
  return useQuery(ledgerQuery);
}

export function useMemberPayments() {
  return useQuery(memberPaymentsQuery);
}
