import type { BookingRequestInput } from '../../../../shared/schemas/talent';
import { api } from '../../../lib/api';
import { useSubmission } from '../../../lib/submission';

/** Sends the request; it waits for the code mailed to the business (see confirm-booking). */
export function useRequestBooking(profileId: string) {
  return useSubmission((values: BookingRequestInput, { idempotencyKey }) =>
    api.post<{ confirmationId: string; message: string }>(`/api/talent/${profileId}/requests`, {
      json: values,
      fallback: 'Could not send your booking request. Please try again.',
      idempotencyKey,
    }),
  );
}
