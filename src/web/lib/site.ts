import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../shared/site';
import { api } from './api';

export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => api.get<SiteInfo>('/api/site'),
  // The server caches it for five minutes too; company details rarely change.
  staleTime: 5 * 60_000,
});

export function useSite() {
  return useQuery(siteQuery);
}
