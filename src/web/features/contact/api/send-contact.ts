import { FAILURE } from '../../../../shared/messages';
import type { ContactInput } from '../../../../shared/schemas/contact';
import { api } from '../../../lib/api';
import { useSubmission } from '../../../lib/submission';

export function useSendContact() {
  return useSubmission((input: ContactInput, { idempotencyKey }) =>
    api.post<{ message: string }>('/api/contact', { json: input, fallback: FAILURE.contact, idempotencyKey }),
  );
}
