import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AwardAchievementInput } from '../../../../shared/schemas/recognition';
import type { Achievement } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';

/** Staff set a member's level (1-5) and award achievements; a change shows on the member's console page at once. */
function useMemberChange<T, R>(memberId: string, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'members', 'detail', memberId] }) });
}

export function useSetLevel(memberId: string) {
  return useMemberChange(memberId, (level: number) =>
    api.put<{ message: string; level: number }>(`/api/admin/members/${encodeURIComponent(memberId)}/level`, { json: { level } }),
  );
}

export function useAwardAchievement(memberId: string) {
  return useMemberChange(memberId, (input: AwardAchievementInput) =>
    api.post<{ message: string; achievement: Achievement }>(`/api/admin/members/${encodeURIComponent(memberId)}/achievements`, { json: input }),
  );
}

export function useRemoveAchievement(memberId: string) {
  return useMemberChange(memberId, (achievementId: string) =>
    api.delete<{ message: string }>(`/api/admin/members/${encodeURIComponent(memberId)}/achievements/${encodeURIComponent(achievementId)}`),
  );
}
