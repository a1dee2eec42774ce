import { useQuery } from '@tanstack/react-query';
import type { ConsoleHome } from '../../../../shared/schemas/reports';
import { api } from '../../../lib/api';
import { consoleHomeKey } from '../../../lib/console';

/** The work waiting (the tabs' badges) and this month's figures; read again on each console page. */
export function useConsoleHome(enabled = true) {
  return useQuery({
    queryKey: consoleHomeKey,
    queryFn: () => api.get<ConsoleHome>('/api/admin/home'),
    staleTime: 0,
    enabled,
  });
}
