import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FAILURE } from '../../../../shared/messages';
import { api } from '../../../lib/api';
import { setSessionUser } from '../../../lib/session';

/**
 * Ends the account. The caller leaves the guarded page first and calls `forget` once it has
 * gone, or the guard would see no user and send the visitor to /login instead of /signup.
 */
export function useTerminateAccount() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (currentPassword: string) =>
      api.delete<{ message: string }>('/api/users/terminate', { json: { currentPassword }, fallback: FAILURE.terminate }),
  });
  const forget = useCallback(() => setSessionUser(client, null), [client]);
  return { ...mutation, forget };
}
