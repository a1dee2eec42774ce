import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionChangeInput, SessionSeriesInput } from '../../../../shared/schemas/schedule';
import type { IssuedCertificate, MemberTraining } from '../../../../shared/training';
import { api } from '../../../lib/api';

/** A series as the console lists and edits it. */
export type Series = SessionSeriesInput & { id: string; createdAt: string };

export function useMemberTrainings() {
  return useQuery({ queryKey: ['training'], queryFn: () => api.get<{ trainings: MemberTraining[] }>('/api/users/training').then((r) => r.trainings) });
}

/** Enrol in a training, or leave it; the calendar's dates follow. */
export function useEnrolment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, enrol }: { seriesId: string; enrol: boolean }) =>
      enrol
        ? api.post<{ message: string }>(`/api/users/training/${seriesId}/enrolment`)
        : api.delete<{ message: string }>(`/api/users/training/${seriesId}/enrolment`),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['training'] }), client.invalidateQueries({ queryKey: ['calendar'] })]),
  });
}

export function useIssueCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) => api.post<{ message: string; certificate: IssuedCertificate }>(`/api/users/training/${seriesId}/certificate`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['training'] }),
  });
}

export const memberCertificateUrl = (id: string) => `/api/users/training-certificates/${id}`;
export const staffCertificateUrl = (id: string) => `/api/admin/schedule/certificates/${id}`;

/** The public check of the number and check code a certificate's QR code carries. */
export function useCertificateCheck(number: string, code: string) {
  return useQuery({
    queryKey: ['certificate-check', number, code],
    queryFn: () =>
      api.get<Omit<IssuedCertificate, 'id'>>(`/api/training-certificates/${encodeURIComponent(number)}?${new URLSearchParams({ code })}`, {
        fallback: 'The check could not be made. Try again in a moment.',
      }),
    retry: false,
  });
}

export function useSeriesList() {
  return useQuery({ queryKey: ['schedule', 'series'], queryFn: () => api.get<{ series: Series[] }>('/api/admin/schedule').then((r) => r.series) });
}

export function useSaveSeries(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionSeriesInput) =>
      id
        ? api.put<{ message: string; series: Series }>(`/api/admin/schedule/${id}`, { json: body })
        : api.post<{ message: string; series: Series }>('/api/admin/schedule', { json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['schedule'] }),
  });
}

export function useDeleteSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/admin/schedule/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['schedule'] }),
  });
}

export function useChangeDate(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ day, change }: { day: string; change: SessionChangeInput }) =>
      api.post<{ message: string }>(`/api/admin/schedule/${seriesId}/dates/${day}/change`, { json: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['schedule', 'dates'] }),
  });
}

export interface Enrolment {
  userId: string;
  fullName: string;
  memberNumber: string | null;
  enrolledAt: string;
  attended: number;
  certificateNumber: string | null;
}

export function useEnrolments(seriesId: string) {
  return useQuery({
    queryKey: ['schedule', 'enrolments', seriesId],
    queryFn: () => api.get<{ enrolments: Enrolment[] }>(`/api/admin/schedule/${seriesId}/enrolments`).then((r) => r.enrolments),
  });
}

export function useManageEnrolment(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { add: string } | { remove: string }) =>
      'add' in change
        ? api.post<{ message: string }>(`/api/admin/schedule/${seriesId}/enrolments`, { json: { memberNumber: change.add } })
        : api.delete<{ message: string }>(`/api/admin/schedule/${seriesId}/enrolments/${change.remove}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['schedule', 'enrolments', seriesId] }),
  });
}

export function useCertificates() {
  return useQuery({
    queryKey: ['schedule', 'certificates'],
    queryFn: () => api.get<{ certificates: IssuedCertificate[] }>('/api/admin/schedule/certificates').then((r) => r.certificates),
  });
}
