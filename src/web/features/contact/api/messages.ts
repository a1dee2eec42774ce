import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactFilter, ContactMessageDetail, ContactMessageSummary, ContactReplyInput } from '../../../../shared/schemas/contact';
import { api } from '../../../lib/api';
import { consoleHomeKey } from '../../../lib/console';

export function useContactMessages(filter: ContactFilter, page: number) {
  const params = new URLSearchParams({ ...(filter !== 'all' ? { filter } : {}), ...(page > 1 ? { page: String(page) } : {}) });
  return useQuery({
    queryKey: ['admin', 'messages', 'list', filter, page],
    queryFn: () =>
      api.get<{ messages: ContactMessageSummary[]; page: number; pageSize: number; total: number; newCount: number }>(
        `/api/admin/messages?${params.toString()}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useContactMessage(id: string) {
  return useQuery({
    queryKey: ['admin', 'messages', 'detail', id],
    queryFn: () => api.get<{ contact: ContactMessageDetail }>(`/api/admin/messages/${encodeURIComponent(id)}`).then((r) => r.contact),
  });
}

function useAfterChange() {
  const client = useQueryClient();
  return (contact: ContactMessageDetail) => {
    client.setQueryData(['admin', 'messages', 'detail', contact.id], contact);
    void client.invalidateQueries({ queryKey: ['admin', 'messages', 'list'] });
    void client.invalidateQueries({ queryKey: consoleHomeKey });
  };
}

export function useReplyToMessage(id: string) {
  const onSuccess = useAfterChange();
  return useMutation({
    mutationFn: (reply: ContactReplyInput) =>
      api.post<{ contact: ContactMessageDetail }>(`/api/admin/messages/${encodeURIComponent(id)}/reply`, { json: reply }).then((r) => r.contact),
    onSuccess,
  });
}

export function useMarkMessageHandled(id: string) {
  const onSuccess = useAfterChange();
  return useMutation({
    mutationFn: () => api.post<{ contact: ContactMessageDetail }>(`/api/admin/messages/${encodeURIComponent(id)}/handled`).then((r) => r.contact),
    onSuccess,
  });
}
