import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordInput, User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import { setSessionUser } from '../../../lib/session';

/**
 * Sets a new password with the emailed code; the answer signs the member in, or, for an account
 * with two-factor sign-in, asks for the authenticator's code first (/login/2fa).
 */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.post<{ message: string; user: User } | { message: string; twoFactorRequired: true }>('/api/users/password/reset', { json: input }),
    onSuccess: (result) => {
      if ('user' in result) setSessionUser(client, result.user);
    },
  });
}
