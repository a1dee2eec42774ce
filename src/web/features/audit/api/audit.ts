import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditFilters, AuditPage } from '../../../../shared/schemas/audit';
import { api } from '../../../lib/api';

export interface AuditFilter {
  actorId?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
}

export function useAudit(filter: AuditFilter) {
  const params = new URLSearchParams(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  return useQuery({
    queryKey: ['admin', 'audit', 'list', filter],
    queryFn: () => api.get<AuditPage>(`/api/admin/audit?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useAuditFilters() {
  return useQuery({ queryKey: ['admin', 'audit', 'filters'], queryFn: () => api.get<AuditFilters>('/api/admin/audit/filters') });
}
