import { useQuery } from '@tanstack/react-query';
import type { ReportsView } from '../../../../shared/schemas/reports';
import { api } from '../../../lib/api';

export function useReports() {
  return useQuery({ queryKey: ['admin', 'reports'], queryFn: () => api.get<ReportsView>('/api/admin/reports') });
}

/** The browser downloads it (streamed CSV, audited on the server). */
export function paymentsCsvUrl(range: { from?: string; to?: string } = {}): string {
  const params = new URLSearchParams(Object.entries(range).filter(([, value]) => Boolean(value)) as [string, string][]);
  const query = params.toString();
  return `/api/admin/payments.csv${query ? `?${query}` : ''}`;
}
