import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FineType } from '../../../../shared/fines';
import type { MemberAccount } from '../../../../shared/schemas/ledger';
import type { MemberStanding } from '../../../../shared/schemas/membership';
import { api } from '../../../lib/api';
import { useSubmission } from '../../../lib/submission';

/** A member's membership and money on the console's member page. */
const memberKey = (id: string) => ['admin', 'members', 'detail', id] as const;
const path = (id: string) => `/api/admin/members/${encodeURIComponent(id)}`;

export function useMemberStanding(id: string) {
  return useQuery({ queryKey: [...memberKey(id), 'standing'], queryFn: () => api.get<MemberStanding>(`${path(id)}/membership`) });
}

export function useMemberAccount(id: string) {
  return useQuery({ queryKey: [...memberKey(id), 'account'], queryFn: () => api.get<MemberAccount>(`${path(id)}/ledger`) });
}

/** A staff action on the member: afterwards everything shown about them is read again. */
function useMemberAction<T>(id: string, send: (body: T) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: memberKey(id) }) });
}

export const useAdjustPaidUntil = (id: string) =>
  useMemberAction(id, (body: { paidUntil: string; reason: string }) => api.post<{ message: string }>(`${path(id)}/membership`, { json: body }));

export const useSuspension = (id: string) =>
  useMemberAction(id, ({ suspend, reason }: { suspend: boolean; reason: string }) =>
    api.post<{ message: string }>(`${path(id)}/${suspend ? 'suspend' : 'reinstate'}`, { json: { reason } }),
  );

export const useResendActivationCode = (id: string) => useMemberAction(id, () => api.post<{ message: string }>(`${path(id)}/activation-code`));

/** A fine is money: a submission (lib/submission.ts), so a retry after a lost answer books it once. */
export function useRecordFine(id: string) {
  const client = useQueryClient();
  return useSubmission(
    (body: { type: FineType; reason: string }, { idempotencyKey }) => api.post<{ message: string }>(`${path(id)}/fines`, { json: body, idempotencyKey }),
    { onSettled: () => client.invalidateQueries({ queryKey: memberKey(id) }) },
  );
}
