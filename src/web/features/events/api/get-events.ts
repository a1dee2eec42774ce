import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberEvent } from '../../../../shared/schemas/forms';
import { api } from '../../../lib/api';

/** The signed-in member's event submissions, newest first. */
export const memberEventsQuery = queryOptions({
  queryKey: ['events', 'mine'],
  queryFn: () => api.get<MemberEvent[]>('/api/users/events'),
});

export function useMemberEvents() {
  return useQuery(memberEventsQuery);
}
