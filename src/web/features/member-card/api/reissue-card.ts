import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Staff replace a member's card: the old QR code stops checking, and the member is told. */
export function useReissueCard(memberId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<{ message: string; cardVersion: number }>(`/api/admin/members/${encodeURIComponent(memberId)}/card/reissue`, {
        json: { reason },
        fallback: 'The card could not be replaced. Try again.',
      }),
  });
}
