import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingRequest } from '../../../../shared/schemas/talent';
import { api, type ApiError } from '../../../lib/api';

const requestsKey = ['talent', 'me', 'requests'] as const;

export function useMyBookingRequests() {
  return useQuery({ queryKey: requestsKey, queryFn: () => api.get<BookingRequest[]>('/api/talent/me/requests') });
}

export function useAnswerBooking() {
  const client = useQueryClient();
  return useMutation<{ message: string }, ApiError, { id: string; accept: boolean; message: string }>({
    mutationFn: ({ id, accept, message }) =>
      api.post(`/api/talent/me/requests/${id}/${accept ? 'accept' : 'decline'}`, { json: { message }, fallback: 'Could not send your answer.' }),
    onSettled: () => client.invalidateQueries({ queryKey: requestsKey }),
  });
}
