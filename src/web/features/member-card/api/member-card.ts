import { useQuery } from '@tanstack/react-query';
import type { MemberCard, VerifiedMember } from '../../../../shared/schemas/member-card';
import { api } from '../../../lib/api';

export function useMemberCard() {
  return useQuery({ queryKey: ['member-card'], queryFn: () => api.get<{ card: MemberCard | null }>('/api/users/card').then((answer) => answer.card) });
}

/** The door check of the number and check code a card's link carries (a number alone answers as unknown). */
export function useVerifiedMember(memberNumber: string, code: string) {
  return useQuery({
    queryKey: ['verify', memberNumber, code],
    queryFn: () =>
      api.get<VerifiedMember>(`/api/verify/${encodeURIComponent(memberNumber)}?${new URLSearchParams({ code })}`, {
        fallback: 'The check could not be made. Try again in a moment.',
      }),
    retry: false,
  });
}
