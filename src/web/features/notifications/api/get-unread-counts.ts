import { useQuery } from '@tanstack/react-query';
import type { UnreadCounts } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api';

const MINUTE = 60_000;
export const UNREAD_COUNTS_KEY = ['notifications', 'unread'];

/** The menu's counts: unread notifications and unanswered booking requests, fetched again each minute. */
export function useUnreadCounts(enabled: boolean) {
  return useQuery({
    queryKey: UNREAD_COUNTS_KEY,
    queryFn: () => api.get<UnreadCounts>('/api/notifications/unread'),
    enabled,
    refetchInterval: MINUTE,
  });
}
