import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffCastingCall, StaffCastingSummary } from '../../../../shared/castings';
import type { CastingCallInput } from '../../../../shared/schemas/castings';
import { api, type ApiError } from '../../../lib/api';

const castingsKey = ['admin', 'castings'] as const;

export function useAdminCastings() {
  return useQuery({ queryKey: castingsKey, queryFn: () => api.get<{ calls: StaffCastingSummary[] }>('/api/admin/castings').then((r) => r.calls) });
}

export function useAdminCasting(id: string) {
  return useQuery({
    queryKey: [...castingsKey, id],
    queryFn: () => api.get<{ call: StaffCastingCall }>(`/api/admin/castings/${encodeURIComponent(id)}`).then((r) => r.call),
  });
}

/** A new call's form filled from a business's booking request. */
export function useCastingDraft(bookingId: string | null) {
  return useQuery({
    queryKey: [...castingsKey, 'draft', bookingId],
    queryFn: () => api.get<{ draft: CastingCallInput }>(`/api/admin/castings/from-booking/${encodeURIComponent(bookingId ?? '')}`).then((r) => r.draft),
    enabled: bookingId !== null,
  });
}

export function usePostCasting() {
  const client = useQueryClient();
  return useMutation<{ message: string; call: StaffCastingCall }, ApiError, CastingCallInput>({
    mutationFn: (body) => api.post('/api/admin/castings', { json: body, fallback: 'The casting call could not be posted.' }),
    onSettled: () => client.invalidateQueries({ queryKey: castingsKey }),
  });
}

/** Shortlist or cast an applicant, or close a call. */
export function useCastingDecision() {
  const client = useQueryClient();
  return useMutation<{ message: string }, ApiError, { action: 'shortlist' | 'cast'; applicationId: string } | { action: 'close'; callId: string }>({
    mutationFn: (decision) =>
      decision.action === 'close'
        ? api.post(`/api/admin/castings/${encodeURIComponent(decision.callId)}/close`, { json: {} })
        : api.post(`/api/admin/castings/applications/${encodeURIComponent(decision.applicationId)}/${decision.action}`, { json: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: castingsKey }),
  });
}
