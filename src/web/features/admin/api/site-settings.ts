import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import type { SiteSettings } from '../../../../shared/site';
import { api } from '../../../lib/api';
import { siteQuery } from '../../../lib/site';

const siteSettingsKey = ['admin', 'settings', 'site'] as const;

export function useSiteSettings() {
  return useQuery({ queryKey: siteSettingsKey, queryFn: () => api.get<SiteSettings>('/api/admin/settings/site') });
}

export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteSettingsInput) => api.put<{ message: string; settings: SiteSettings }>('/api/admin/settings/site', { json: input }),
    onSuccess: ({ settings }) => {
      client.setQueryData(siteSettingsKey, settings);
      // The public pages' copy: the navbar, footer and fee wizard show the new details at once.
      void client.invalidateQueries({ queryKey: siteQuery.queryKey });
    },
  });
}
