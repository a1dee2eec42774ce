import { useMutation, useQuery } from '@tanstack/react-query';
import type { GuardianAnswer } from '../../shared/privacy';
import { api } from './api';

/** The guardian a member under 18 named, and whether they confirmed: read by the privacy page and the waiting notice. */
export const guardianKey = ['privacy', 'guardian'] as const;

export function useGuardian(enabled = true) {
  return useQuery({ queryKey: guardianKey, queryFn: () => api.get<GuardianAnswer>('/api/users/me/guardian'), enabled });
}

/** Emails the guardian a new code (the last one may have expired or gone astray). */
export function useResendGuardianCode() {
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/users/me/guardian/code', { fallback: 'The code could not be sent. Please try again.' }),
  });
}
