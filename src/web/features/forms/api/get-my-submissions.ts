import { useQuery } from '@tanstack/react-query';
import type { MemberSubmission } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

/** What the member has sent, newest first, and whether staff have handled each. */
export function useMySubmissions() {
  return useQuery({
    queryKey: ['submissions', 'mine'],
    queryFn: () => api.get<{ submissions: MemberSubmission[] }>('/api/users/submissions').then((data) => data.submissions),
  });
}
