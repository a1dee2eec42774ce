import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Premiere } from '../../../../shared/schemas/forms';
import { api } from '../../../lib/api';

/** The films open for premiere bookings; the server owns the list and checks the choice. */
export const premieresQuery = queryOptions({
  queryKey: ['premieres'],
  queryFn: () => api.get<Premiere[]>('/api/premieres'),
});

export function usePremieres() {
  return useQuery(premieresQuery);
}
