import { useQuery } from '@tanstack/react-query';
import type { MemberCard, VerifiedMember } from '../../../../shared/schemas/member-card';
import { api } from '../../../lib/api';

export function useMemberCard() {
  return useQuery({ queryKey: ['member-card'], queryFn: () => api.get<{ card: MemberCard | null }>('/api/users/card').then((answer) => answer.card) });
}

export function useVerifiedMember(memberNumber: string) {
  return useQuery({
    queryKey: ['verify', memberNumber],
    queryFn: () => api.get<VerifiedMember>(`/api/verify/${encodeURIComponent(memberNumber)}`, { fallback: 'The check could not be made. Try again in a moment.' }),
    retry: false,
  });
}
