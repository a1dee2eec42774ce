import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AwardAchievementInput } from '../../../../shared/schemas/recognition';
import type { Achievement } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';

/** A change to a member's level or achievements shows on their page at once. */
function useMemberChange<T, R>(memberId: string, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'members', 'detail', memberId] }) });
}

export function useSetLevel(memberId: string) {
  return useMemberChange(memberId, (level: number) => api.put<{ message: string; level: number }>(`/api/admin/members/${encodeURIComponent(memberId)}/level`, { json: { level } }));
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

const welcomeKey = ['welcome-text'] as const;

export function useWelcomeText() {
  return useQuery({ queryKey: welcomeKey, queryFn: () => api.get<{ text: string | null }>('/api/users/welcome').then((r) => r.text) });
}

export function useSaveWelcomeText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.put<{ message: string; text: string }>('/api/admin/settings/welcome', { json: { text } }),
    onSuccess: ({ text }) => client.setQueryData(welcomeKey, text),
  });
}
