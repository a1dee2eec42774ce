import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessLogEntry, ConsentsView, GuardianConfirmInput, GuardianView } from '../../../../shared/privacy';
import { api } from '../../../lib/api';

const consentsKey = ['privacy', 'consents'] as const;

/** The member's consents now (marketing) and their history. */
export function useConsents() {
  return useQuery({ queryKey: consentsKey, queryFn: () => api.get<ConsentsView>('/api/users/me/consents') });
}

export function useSetMarketing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (marketing: boolean) => api.put<ConsentsView & { message: string }>('/api/users/me/consents', { json: { marketing }, fallback: 'Your choice could not be saved. Please try again.' }),
    onSuccess: (answer) => client.setQueryData(consentsKey, answer),
  });
}

/** Who at the company opened the member's files, by role. */
export function useAccessLog() {
  return useQuery({ queryKey: ['privacy', 'access-log'], queryFn: () => api.get<{ entries: AccessLogEntry[] }>('/api/users/me/access-log') });
}

export function useGuardian() {
  return useQuery({ queryKey: ['privacy', 'guardian'], queryFn: () => api.get<{ guardian: GuardianView | null }>('/api/users/me/guardian') });
}

export function useResendGuardianCode() {
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/users/me/guardian/code', { fallback: 'The code could not be sent. Please try again.' }),
  });
}

/** The guardian's confirmation, from the link in their email (no sign-in). */
export function useConfirmGuardian() {
  return useMutation({
    mutationFn: (input: GuardianConfirmInput) => api.post<{ message: string }>('/api/guardian/confirm', { json: input, fallback: 'The confirmation could not be sent. Please try again.' }),
  });
}

/** The export is a plain download: the browser streams the ZIP to disk. */
export const EXPORT_URL = '/api/users/me/export';
