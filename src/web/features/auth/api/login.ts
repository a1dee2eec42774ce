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
      api.post<{ message: string; user: User } | { message: string; twoFactorRequired: true }>('/api/users/login', {
        json: { email: identifier, phone: identifier, password },
        fallback: FAILURE.login,
      }),
    // A staff account with two-factor sign-in has no session yet: the code comes first (/login/2fa).
    onSuccess: (result) => {
      if ('user' in result) setSessionUser(client, result.user);
    },
  });
}
