import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api';

export type { Notification };

export function useNotifications() {
  return useQuery({
    queryKey: ['notifications', 'list'],
    queryFn: () => api.get<{ notifications: Notification[] }>('/api/notifications').then((data) => data.notifications),
  });
}

/** Everything listed so far counts as seen: the menu's count drops to zero. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/notifications/read'),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications', 'unread'] }),
  });
}
