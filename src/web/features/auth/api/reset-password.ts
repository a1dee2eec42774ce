import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordInput, User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import { setSessionUser } from '../../../lib/session';

/** Sets a new password with the emailed code; the answer signs the member in. */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<{ message: string; user: User }>('/api/users/password/reset', { json: input }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}
