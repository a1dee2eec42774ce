import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Asks for a reset code by email; the answer is the same whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (identifier: string) => api.post<{ message: string }>('/api/users/password/forgot', { json: { identifier } }),
  });
}
