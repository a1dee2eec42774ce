import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormKind, SubmissionState } from '../../../../shared/form-options';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';

/** What GET /api/admin/members and /:id answer (src/server/admin/members-service.ts). */
export interface MemberSummary {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  role: 'member' | 'admin';
  status: boolean;
  createdAt: string;
}

export interface MemberSubmission {
  id: string;
  form: FormKind;
  formLabel: string;
  state: SubmissionState;
  createdAt: string;
  files: { field: string; url: string }[];
}

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
