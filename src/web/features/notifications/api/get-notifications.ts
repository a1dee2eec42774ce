import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api';
import { UNREAD_COUNTS_KEY } from './get-unread-counts';

export type { Notification };

export function useNotifications() {
  return useQuery({
    queryKey: ['notifications', 'list'],
    queryFn: () => api.get<{ notifications: Notification[] }>('/api/notifications').then((data) => data.notifications),
  });
}

/** What the list shows counts as seen, up to its newest (`upTo`): one arriving later stays new. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => api.post<{ message: string }>('/api/notifications/read', { json: { upTo } }),
    onSuccess: () => client.invalidateQueries({ queryKey: UNREAD_COUNTS_KEY }),
  });
}
