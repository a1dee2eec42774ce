import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '../../shared/schemas/plans';
import { api } from './api';

/** The plans staff edit: the services page, the fee wizard and the console read them. */
export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: () => api.get<{ plans: Plan[]; onlinePayment: boolean }>('/api/plans'),
  staleTime: 60_000,
});

export function usePlans() {
  return useQuery({ ...plansQuery, select: (answer) => answer.plans });
}

/** Whether the server takes payments online (Paystack configured): the same answer as the plans. */
export function useOnlinePayment(): boolean {
  return useQuery({ ...plansQuery, select: (answer) => answer.onlinePayment }).data ?? false;
}

/** The plan a member chose, or the standard one when they chose none. */
export function planOf(plans: Plan[] | undefined, id: string | null | undefined): Plan | undefined {
  return plans?.find((plan) => plan.id === (id ?? 'standard')) ?? plans?.find((plan) => plan.id === 'standard');
}
