import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import { setSessionUser } from '../../../lib/session';

/** The second step of a staff sign-in: the authenticator app's code, or a recovery code. */
export function useLoginTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ message: string; user: User }>('/api/users/login/2fa', { json: { code } }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}
