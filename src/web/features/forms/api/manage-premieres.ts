import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PremiereCreateInput, PremiereUpdateInput } from '../../../../shared/schemas/forms';
import { api } from '../../../lib/api';
import type { PremiereView } from '../../../../shared/schemas/admin';
import { premieresQuery } from './get-premieres';

/** A premiere as staff see it (src/server/premieres/premieres-service.ts): retired ones are `open: false`. */
const premieresKey = ['admin', 'premieres'] as const;

export function useAdminPremieres() {
  return useQuery({
    queryKey: premieresKey,
    queryFn: () => api.get<{ premieres: PremiereView[] }>('/api/admin/premieres').then((r) => r.premieres),
  });
}

export function useCreatePremiere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PremiereCreateInput) => api.post<{ premiere: PremiereView }>('/api/admin/premieres', { json: input }),
    onSettled: () => client.invalidateQueries({ queryKey: premieresKey }),
  });
}

export function useUpdatePremiere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: PremiereUpdateInput & { id: string }) =>
      api.patch<{ premiere: PremiereView }>(`/api/admin/premieres/${encodeURIComponent(id)}`, { json: input }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: premieresKey });
      // The members' booking page reads the open list.
      void client.invalidateQueries({ queryKey: premieresQuery.queryKey });
    },
  });
}
