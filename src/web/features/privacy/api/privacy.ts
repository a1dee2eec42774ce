import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessLogEntry, ConsentsView, GuardianAddInput, GuardianAnswer, GuardianConfirmInput, GuardianView } from '../../../../shared/privacy';
import { api } from '../../../lib/api';
import { guardianKey } from '../../../lib/guardian';

const consentsKey = ['privacy', 'consents'] as const;

/** The member's consents now (marketing) and their history. */
export function useConsents() {
  return useQuery({ queryKey: consentsKey, queryFn: () => api.get<ConsentsView>('/api/users/me/consents') });
}

export function useSetMarketing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (marketing: boolean) =>
      api.put<ConsentsView & { message: string }>('/api/users/me/consents', {
        json: { marketing },
        fallback: 'Your choice could not be saved. Please try again.',
      }),
    onSuccess: (answer) => client.setQueryData(consentsKey, answer),
  });
}

/** Who at the company opened the member's files, by role. */
export function useAccessLog() {
  return useQuery({ queryKey: ['privacy', 'access-log'], queryFn: () => api.get<{ entries: AccessLogEntry[] }>('/api/users/me/access-log') });
}

/** A member under 18 without a guardian names one; the guardian is emailed a code. */
export function useAddGuardian() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GuardianAddInput) =>
      api.put<{ message: string; guardian: GuardianView }>('/api/users/me/guardian', {
        json: input,
        fallback: 'Your guardian could not be saved. Please try again.',
      }),
    onSuccess: (answer) => client.setQueryData<GuardianAnswer>(guardianKey, { guardian: answer.guardian, needsGuardian: false }),
  });
}

/** Whose account the guardian's link confirms (no sign-in); none for a link no longer waiting. */
export function useChildToConfirm(child: string) {
  return useQuery({
    queryKey: ['guardian', 'child', child],
    queryFn: () => api.get<{ childName: string }>(`/api/guardian/child?child=${encodeURIComponent(child)}`),
    enabled: child !== '',
    retry: false,
  });
}

/** The guardian's confirmation, from the link in their email (no sign-in). */
export function useConfirmGuardian() {
  return useMutation({
    mutationFn: (input: GuardianConfirmInput) =>
      api.post<{ message: string }>('/api/guardian/confirm', { json: input, fallback: 'The confirmation could not be sent. Please try again.' }),
  });
}

/** The export is a plain download: the browser streams the ZIP to disk. */
export const EXPORT_URL = '/api/users/me/export';
