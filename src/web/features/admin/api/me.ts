import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMe, TwoFactorSetup } from '../../../../shared/schemas/staff';
import { api } from '../../../lib/api';

const meKey = ['admin', 'me'] as const;

/** The signed-in staff member's role and two-factor state. */
export function useStaffMe() {
  return useQuery({ queryKey: meKey, queryFn: () => api.get<StaffMe>('/api/admin/me') });
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/api/admin/me/2fa/setup') });
}

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; currentPassword: string }) =>
      api.post<{ message: string; recoveryCodes: string[] }>('/api/admin/me/2fa/enable', { json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: meKey }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; currentPassword: string }) => api.post<{ message: string }>('/api/admin/me/2fa/disable', { json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: meKey }),
  });
}
