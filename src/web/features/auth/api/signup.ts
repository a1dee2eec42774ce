import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAILURE } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import { setSessionUser } from '../../../lib/session';

export function useSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api.post<{ message: string; user: User }>('/api/users/signup', { json: input, fallback: FAILURE.signupRetry }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}
