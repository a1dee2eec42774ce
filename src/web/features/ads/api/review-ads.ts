import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAILURE } from '../../../../shared/messages';
import type { AdFrequency, AdStatus, AdSummary } from '../../../../shared/schemas/ads';
import { api } from '../../../lib/api';

const adsKey = (status: AdStatus) => ['admin', 'ads', status] as const;

/** What a moderator chooses: the start (the weeks paid set the end), how often it shows, a title for staff. */
export interface AdSchedule {
  startDate: string;
  frequency: AdFrequency;
  title?: string;
}

export function useAdminAds(status: AdStatus) {
  return useQuery({
    queryKey: adsKey(status),
    queryFn: () => api.get<AdSummary[]>(`/api/admin/ads?status=${status}`),
  });
}

/** Every decision changes which list an ad is in, and the payments queue (the ad's payment moves with it). */
function useAdsMutation<T>(send: (input: T) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['admin', 'ads'] });
      await client.invalidateQueries({ queryKey: ['admin', 'payments'] });
    },
  });
}

export function useApproveAd() {
  return useAdsMutation(({ id, schedule }: { id: string; schedule: AdSchedule }) =>
    api.post<{ message: string }>(`/api/admin/ads/${id}/approve`, { json: schedule }),
  );
}

export function useRejectAd() {
  return useAdsMutation(({ id, reason }: { id: string; reason: string }) => api.post<{ message: string }>(`/api/admin/ads/${id}/reject`, { json: { reason } }));
}

/** Move a running ad's start (its end moves with it), change how often it shows, or end it now with `end: true`. */
export function useUpdateAd() {
  return useAdsMutation(({ id, change }: { id: string; change: Partial<AdSchedule> & { end?: true } }) =>
    api.patch<{ message: string }>(`/api/admin/ads/${id}`, { json: change, fallback: FAILURE.adminAdSave }),
  );
}
