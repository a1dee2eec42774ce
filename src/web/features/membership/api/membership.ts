import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAILURE } from '../../../../shared/messages';
import type { MembershipStatus } from '../../../../shared/schemas/membership';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import { prepareUpload } from '../../../lib/prepare-upload';
import { setSessionUser } from '../../../lib/session';
import { useSubmission } from '../../../lib/submission';
import { ledgerQuery } from './ledger';

/** The fee page's calls: the membership status, the email code, the slip, the activation code. */
export const membershipQuery = queryOptions({
  queryKey: ['membership'],
  queryFn: () => api.get<MembershipStatus>('/api/users/membership'),
});

export function useMembershipStatus() {
  return useQuery(membershipQuery);
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (email: string) => api.post<{ message: string }>('/api/users/verify-email', { json: { email }, fallback: FAILURE.verifyEmail }),
  });
}

export function useVerifyCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      api.post<{ message: string; userId: string }>('/api/users/verify-code', { json: body, fallback: FAILURE.verifyCode }),
    onSuccess: () => client.invalidateQueries(membershipQuery),
  });
}

export interface SlipUpload {
  file: File;
  email?: string;
  userId?: string;
  plan?: string;
  months?: number;
  fineId?: string;
}

/** The fee's first slip, a renewal's or a fine's: one submission each (lib/submission.ts). */
export function useUploadSlip() {
  const client = useQueryClient();
  return useSubmission(
    async (body: SlipUpload, { idempotencyKey, onProgress }) => {
      const form = new FormData();
      if (body.email) form.append('email', body.email);
      if (body.userId) form.append('userId', body.userId);
      if (body.plan) form.append('plan', body.plan);
      if (body.months) form.append('months', String(body.months));
      if (body.fineId) form.append('fineId', body.fineId);
      form.append('paymentSlip', await prepareUpload(body.file, 'paymentSlip'));
      return api.post<{ message: string; paymentId: string }>('/api/users/upload-slip', { form, onProgress, fallback: FAILURE.uploadSlip, idempotencyKey });
    },
    {
      onSettled: async () => {
        await client.invalidateQueries(membershipQuery);
        await client.invalidateQueries(ledgerQuery);
      },
    },
  );
}

export function useSendOtp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<{ message: string }>('/api/users/send-otp', { json: { userId }, fallback: FAILURE.sendOtp }),
    onSettled: () => client.invalidateQueries(membershipQuery),
  });
}

export function useActivateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; otp: string }) =>
      api.post<{ message: string; user: User }>('/api/users/activate-profile', { json: body, fallback: FAILURE.activation }),
    onSuccess: async ({ user }) => {
      setSessionUser(client, user);
      // What the dashboard shows of an activated member (next step, card, receipts) is read again when
      // it opens, without a reload; not at once, so the fee page keeps its "taking you to your dashboard".
      const stale = { refetchType: 'none' } as const;
      await Promise.all([
        client.invalidateQueries({ ...membershipQuery, ...stale }),
        client.invalidateQueries({ ...ledgerQuery, ...stale }),
        client.invalidateQueries({ queryKey: ['member-card'], ...stale }),
      ]);
    },
  });
}
