import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormKind } from '../../../../shared/form-routes';
import { api } from '../../../lib/api';
import type { SubmissionDetail, SubmissionSummary } from '../../../../shared/schemas/admin';

export interface SubmissionFilter {
  form?: FormKind | '';
  member?: string;
  /** YYYY-MM-DD, inclusive (Lagos days). */
  from?: string;
  to?: string;
  page?: number;
}

export function filterQuery(filter: SubmissionFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value));
  }
  return params.toString();
}

/** The CSV of one form's submissions under the same filter; the browser downloads it. */
export function exportUrl(filter: SubmissionFilter & { form: FormKind }): string {
  const { page: _page, ...rest } = filter;
  return `/api/admin/submissions/export?${filterQuery(rest)}`;
}

export function useSubmissions(filter: SubmissionFilter) {
  return useQuery({
    queryKey: ['admin', 'submissions', 'list', filter],
    queryFn: () =>
      api.get<{ submissions: SubmissionSummary[]; page: number; pageSize: number; total: number }>(`/api/admin/submissions?${filterQuery(filter)}`),
    placeholderData: keepPreviousData,
  });
}

export function useSubmission(id: string) {
  return useQuery({
    queryKey: ['admin', 'submissions', 'detail', id],
    queryFn: () => api.get<{ submission: SubmissionDetail }>(`/api/admin/submissions/${encodeURIComponent(id)}`).then((r) => r.submission),
  });
}

export function useMarkHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ submission: SubmissionDetail }>(`/api/admin/submissions/${encodeURIComponent(id)}/handled`).then((r) => r.submission),
    onSuccess: (submission) => {
      client.setQueryData(['admin', 'submissions', 'detail', submission.id], submission);
      void client.invalidateQueries({ queryKey: ['admin', 'submissions', 'list'] });
      void client.invalidateQueries({ queryKey: ['admin', 'members'] });
    },
  });
}
