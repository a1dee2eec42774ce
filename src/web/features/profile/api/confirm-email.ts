import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import { setSessionUser } from '../../../lib/session';

/** Makes the pending email the account's email with the code sent to it. */
export function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ message: string; user: User }>('/api/users/email/confirm', { json: { code } }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}
