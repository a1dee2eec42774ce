import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingRequestSummary, TalentProfileSummary } from '../../../../shared/schemas/talent';
import type { BookingState } from '../../../../shared/talent-options';
import { api, type ApiError } from '../../../lib/api';

export function useAdminBookingRequests(status: BookingState | 'all') {
  return useQuery({
    queryKey: ['admin', 'talent', 'requests', status],
    queryFn: () => api.get<BookingRequestSummary[]>(`/api/admin/talent/requests?status=${status}`),
  });
}

export function useAdminTalentProfiles() {
  return useQuery({ queryKey: ['admin', 'talent', 'profiles'], queryFn: () => api.get<TalentProfileSummary[]>('/api/admin/talent/profiles') });
}

export function useCloseBooking() {
  const client = useQueryClient();
  return useMutation<{ message: string }, ApiError, string>({
    mutationFn: (id) => api.post(`/api/admin/talent/requests/${id}/close`, { json: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'talent'] }),
  });
}

export function useHideTalent() {
  const client = useQueryClient();
  return useMutation<{ message: string }, ApiError, { id: string; hide: true; reason: string } | { id: string; hide: false }>({
    mutationFn: (change) =>
      change.hide
        ? api.post(`/api/admin/talent/profiles/${change.id}/hide`, { json: { reason: change.reason } })
        : api.post(`/api/admin/talent/profiles/${change.id}/unhide`, { json: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'talent'] }),
  });
}
