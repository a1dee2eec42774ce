import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAILURE } from '../../../../shared/messages';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import { prepareUploads } from '../../../lib/prepare-upload';
import { setSessionUser } from '../../../lib/session';

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) =>
      api.put<{ success: boolean; message: string; user: User }>('/api/users/profile', { form: await prepareUploads(form), fallback: FAILURE.profileUpdate }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}
