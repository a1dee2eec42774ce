import { api } from '../../../lib/api';
import { useSubmission } from '../../../lib/submission';

/** The code the business received by email: confirms its address and sends the request on (a submission: lib/submission.ts). */
export function useConfirmBooking() {
  return useSubmission(({ confirmationId, code }: { confirmationId: string; code: string }, { idempotencyKey }) =>
    api.post<{ reference: string; message: string }>(`/api/talent/requests/${confirmationId}/confirm`, {
      json: { code },
      fallback: 'Could not confirm your booking request. Please try again.',
      idempotencyKey,
    }),
  );
}
