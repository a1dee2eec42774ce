import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan, UpdatePlanInput } from '../../../../shared/schemas/plans';
import { api } from '../../../lib/api';
import { plansQuery } from '../../../lib/plans';

export function useUpdatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...plan }: UpdatePlanInput & { id: string }) =>
      api.put<{ message: string; plan: Plan }>(`/api/admin/plans/${encodeURIComponent(id)}`, { json: plan }),
    onSettled: () => client.invalidateQueries({ queryKey: plansQuery.queryKey }),
  });
}
