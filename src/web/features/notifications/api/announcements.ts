import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementSummary, SendAnnouncementInput } from '../../../../shared/schemas/announcements';
import { api } from '../../../lib/api';

const announcementsKey = ['admin', 'announcements'] as const;

export function useAnnouncements() {
  return useQuery({
    queryKey: announcementsKey,
    queryFn: () => api.get<{ announcements: AnnouncementSummary[] }>('/api/admin/announcements').then((r) => r.announcements),
  });
}

export function useSendAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendAnnouncementInput) => api.post<{ message: string; announcement: AnnouncementSummary }>('/api/admin/announcements', { json: input }),
    onSettled: () => client.invalidateQueries({ queryKey: announcementsKey }),
  });
}
