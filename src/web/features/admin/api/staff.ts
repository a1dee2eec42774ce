import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '../../../../shared/roles';
import type { CodeLock, InviteStaffInput, StaffMember, StaffSettings } from '../../../../shared/schemas/staff';
import { api } from '../../../lib/api';

const staffKey = ['admin', 'staff'] as const;
const settingsKey = ['admin', 'settings'] as const;
const codeLocksKey = ['admin', 'code-locks'] as const;

export function useStaffList() {
  return useQuery({ queryKey: staffKey, queryFn: () => api.get<{ staff: StaffMember[] }>('/api/admin/staff').then((r) => r.staff) });
}

export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteStaffInput) => api.post<{ message: string; staff: StaffMember }>('/api/admin/staff', { json: input }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string; role?: StaffRole; disabled?: boolean; currentPassword: string }) =>
      api.patch<{ message: string; staff: StaffMember }>(`/api/admin/staff/${encodeURIComponent(id)}`, { json: change }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useStaffSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.get<StaffSettings>('/api/admin/settings') });
}

export function useSaveStaffSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: StaffSettings) => api.put<{ message: string; settings: StaffSettings }>('/api/admin/settings', { json: settings }),
    onSuccess: ({ settings }) => client.setQueryData(settingsKey, settings),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'me'] }),
  });
}

/** Accounts whose second-factor and reset codes are refused for the rest of the day. */
export function useCodeLocks() {
  return useQuery({ queryKey: codeLocksKey, queryFn: () => api.get<{ locks: CodeLock[] }>('/api/admin/code-locks').then((r) => r.locks) });
}

export function useLiftCodeLock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<{ message: string }>(`/api/admin/code-locks/${encodeURIComponent(userId)}`),
    onSettled: () => client.invalidateQueries({ queryKey: codeLocksKey }),
  });
}
