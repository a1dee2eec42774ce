import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicTalentProfile } from '../../../../shared/schemas/talent';
import { api } from '../../../lib/api';

/** Also read by the server entry for the page's title and preview image. */
export const talentProfileQuery = (id: string) =>
  queryOptions({
    queryKey: ['talent', 'profile', id],
    queryFn: () => api.get<PublicTalentProfile>(`/api/talent/${id}`, { fallback: 'Could not load this talent profile.' }),
    retry: false,
    // A profile the server already found missing (the page drawn there says so) is not asked for again.
    retryOnMount: false,
  });

export function useTalentProfile(id: string) {
  return useQuery(talentProfileQuery(id));
}
