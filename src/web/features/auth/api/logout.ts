import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAILURE } from '../../../../shared/messages';
import { api } from '../../../lib/api';
import { setSessionUser } from '../../../lib/session';

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/users/logout', { fallback: FAILURE.logout }),
    onSuccess: () => setSessionUser(client, null),
  });
}
