import { useQuery } from '@tanstack/react-query';
import type { PublicTalentProfile } from '../../../../shared/schemas/talent';
import { api } from '../../../lib/api';

export function useTalentProfile(id: string) {
  return useQuery({
    queryKey: ['talent', 'profile', id],
    queryFn: () => api.get<PublicTalentProfile>(`/api/talent/${id}`, { fallback: 'Could not load this talent profile.' }),
    retry: false,
  });
}
