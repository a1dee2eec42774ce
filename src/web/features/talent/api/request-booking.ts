import { useMutation } from '@tanstack/react-query';
import type { BookingRequestInput } from '../../../../shared/schemas/talent';
import { api, type ApiError } from '../../../lib/api';

/** Sends the request; it waits for the code mailed to the business (see confirm-booking). */
export function useRequestBooking(profileId: string) {
  return useMutation<{ confirmationId: string; message: string }, ApiError, BookingRequestInput>({
    mutationFn: (values) =>
      api.post(`/api/talent/${profileId}/requests`, { json: values, fallback: 'Could not send your booking request. Please try again.' }),
  });
}
