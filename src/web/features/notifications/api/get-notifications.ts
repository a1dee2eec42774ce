import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface Notification {
  id: string;
  kind: string;
  message: string;
  createdAt: string;
}

export function useNotifications() {
  return useQuery({
    queryKey: ['notifications'],
    queryFn: () => api.get<{ notifications: Notification[] }>('/api/notifications').then((data) => data.notifications),
  });
}
