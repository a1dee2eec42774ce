import { useQuery } from '@tanstack/react-query';
import type { Notification } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api';

/** What the portal has told one member, for the console's member page (read again with the rest of that page after a staff action). */
export function useMemberNotifications(memberId: string) {
  return useQuery({
    queryKey: ['admin', 'members', 'detail', memberId, 'notifications'],
    queryFn: async () => (await api.get<{ notifications: Notification[] }>(`/api/admin/members/${encodeURIComponent(memberId)}/notifications`)).notifications,
  });
}
