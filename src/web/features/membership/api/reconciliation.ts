import { useQuery } from '@tanstack/react-query';
import type { Reconciliation } from '../../../../shared/schemas/ledger';
import { api } from '../../../lib/api';

const query = (range: { from: string; to: string }) => new URLSearchParams(range).toString();

/** Paystack against the ledger for the days asked; read only once both days are chosen. */
export function useReconciliation(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['admin', 'reconciliation', range],
    queryFn: () => api.get<Reconciliation>(`/api/admin/payments/reconciliation?${query(range!)}`),
    enabled: range !== null,
  });
}

/** The browser downloads it (audited on the server). */
export const reconciliationCsvUrl = (range: { from: string; to: string }) => `/api/admin/payments/reconciliation.csv?${query(range)}`;
