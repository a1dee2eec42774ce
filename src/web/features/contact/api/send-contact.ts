import { useMutation } from '@tanstack/react-query';
import { FAILURE } from '../../../../shared/messages';
import type { ContactInput } from '../../../../shared/schemas/contact';
import { api } from '../../../lib/api';

export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.post<{ message: string }>('/api/contact', { json: input, fallback: FAILURE.contact }),
  });
}
