import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const welcomeKey = ['welcome-text'] as const;

/** The welcome staff wrote for every member's dashboard; null until they write one. */
export function useWelcomeText() {
  return useQuery({ queryKey: welcomeKey, queryFn: () => api.get<{ text: string | null }>('/api/users/welcome').then((answer) => answer.text) });
}

/** Admins write it with the other settings (/admin/staff). */
export function useSaveWelcomeText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.put<{ message: string; text: string }>('/api/admin/settings/welcome', { json: { text } }),
    onSuccess: ({ text }) => client.setQueryData(welcomeKey, text),
  });
}
