import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import type { MemberSubmission, MemberSummary } from '../../../../shared/schemas/admin';

export function useMembers(q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'members', 'list', q, page],
    queryFn: () =>
      api.get<{ members: MemberSummary[]; page: number; pageSize: number; total: number }>(
        `/api/admin/members?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString()}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useMember(id: string) {
  return useQuery({
    queryKey: ['admin', 'members', 'detail', id],
    queryFn: () => api.get<{ member: User; submissions: MemberSubmission[] }>(`/api/admin/members/${encodeURIComponent(id)}`),
  });
}
