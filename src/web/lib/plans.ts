import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '../../shared/schemas/plans';
import { api } from './api';

/** The plans staff edit: the services page, the fee wizard and the console read them. */
export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: () => api.get<{ plans: Plan[] }>('/api/plans').then((answer) => answer.plans),
  staleTime: 60_000,
});

export function usePlans() {
  return useQuery(plansQuery);
}

/** The plan a member chose, or the standard one when they chose none. */
export function planOf(plans: Plan[] | undefined, id: string | null | undefined): Plan | undefined {
  return plans?.find((plan) => plan.id === (id ?? 'standard')) ?? plans?.find((plan) => plan.id === 'standard');
}
