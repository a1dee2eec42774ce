import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAILURE } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import { setSessionUser } from '../../../lib/session';

interface LoginInput {
  identifier: string;
  password: string;
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    // The API takes the one identifier as both email and phone.
    mutationFn: ({ identifier, password }: LoginInput) =>
      api.post<{ message: string; user: User }>('/api/users/login', {
        json: { email: identifier, phone: identifier, password },
        fallback: FAILURE.login,
      }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}
