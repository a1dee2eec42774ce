import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TalentDirectoryPage } from '../../../../shared/schemas/talent';
import { api } from '../../../lib/api';

/** The directory page for a query string taken as is from the address bar; the server validates it. */
export function useTalentDirectory(search: string) {
  return useQuery({
    queryKey: ['talent', 'directory', search],
    queryFn: () => api.get<TalentDirectoryPage>(`/api/talent${search ? `?${search}` : ''}`, { fallback: 'Could not load the talent directory.' }),
    placeholderData: keepPreviousData,
  });
}
