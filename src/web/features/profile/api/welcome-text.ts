import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The welcome staff wrote for every member's dashboard; null until they write one. */
export function useWelcomeText() {
  return useQuery({ queryKey: ['welcome-text'], queryFn: () => api.get<{ text: string | null }>('/api/users/welcome').then((answer) => answer.text) });
}
