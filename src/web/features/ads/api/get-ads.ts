import { useQuery } from '@tanstack/react-query';
import type { PublicAd } from '../../../../shared/schemas/ads';
import { api } from '../../../lib/api';

export const publicAdsKey = ['ads', 'public'] as const;

/**
 * The running ads of the homepage strip. A failure is not the visitor's problem: it is only
 * logged and the strip stays away.
 */
async function fetchPublicAds(): Promise<PublicAd[]> {
  try {
    return await api.get<PublicAd[]>('/api/ads');
  } catch (error) {
    console.warn('Could not load the adverts:', error instanceof Error ? error.message : error);
    return [];
  }
}

export function usePublicAds() {
  return useQuery({ queryKey: publicAdsKey, queryFn: fetchPublicAds, staleTime: 60_000, retry: false });
}
