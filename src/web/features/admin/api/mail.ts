import { useQuery } from '@tanstack/react-query';
import type { DeadMail } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

/** Mail the portal gave up sending, newest first. */
export function useDeadMail() {
  return useQuery({
    queryKey: ['admin', 'mail', 'dead'],
    queryFn: () => api.get<{ messages: DeadMail[] }>('/api/admin/mail/dead'),
  });
}
