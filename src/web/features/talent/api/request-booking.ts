import { useMutation } from '@tanstack/react-query';
import type { BookingRequestInput } from '../../../../shared/schemas/talent';
import { api, type ApiError } from '../../../lib/api';

export function useRequestBooking(profileId: string) {
  return useMutation<{ reference: string; message: string }, ApiError, BookingRequestInput>({
    mutationFn: (values) =>
      api.post(`/api/talent/${profileId}/requests`, { json: values, fallback: 'Could not send your booking request. Please try again.' }),
  });
}
