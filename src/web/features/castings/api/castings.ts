import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberCastingCall, MyApplication } from '../../../../shared/castings';
import type { CastingConsentInput } from '../../../../shared/schemas/castings';
import { api, type ApiError } from '../../../lib/api';

const castingsKey = ['castings'] as const;

export function useOpenCastings() {
  return useQuery({ queryKey: [...castingsKey, 'open'], queryFn: () => api.get<{ calls: MemberCastingCall[] }>('/api/castings').then((r) => r.calls) });
}

export function useMyApplications() {
  return useQuery({
    queryKey: [...castingsKey, 'applications'],
    queryFn: () => api.get<{ applications: MyApplication[] }>('/api/castings/applications').then((r) => r.applications),
  });
}

export function useApply() {
  const client = useQueryClient();
  return useMutation<{ message: string; state: string }, ApiError, { roleId: string; note: string }>({
    mutationFn: ({ roleId, note }) =>
      api.post(`/api/castings/roles/${encodeURIComponent(roleId)}/applications`, {
        json: { note },
        fallback: 'Your application could not be sent. Please try again.',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: castingsKey }),
  });
}

export function useAnswerConsent() {
  return useMutation<{ message: string }, ApiError, CastingConsentInput>({
    mutationFn: (body) => api.post('/api/castings/consent', { json: body, fallback: 'Your answer could not be sent. Please try again.' }),
  });
}
