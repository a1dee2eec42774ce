import { useMutation } from '@tanstack/react-query';
import { api, type ApiError } from '../../../lib/api';

/** The code the business received by email: confirms its address and sends the request on. */
export function useConfirmBooking() {
  return useMutation<{ reference: string; message: string }, ApiError, { confirmationId: string; code: string }>({
    mutationFn: ({ confirmationId, code }) =>
      api.post(`/api/talent/requests/${confirmationId}/confirm`, { json: { code }, fallback: 'Could not confirm your booking request. Please try again.' }),
  });
}
