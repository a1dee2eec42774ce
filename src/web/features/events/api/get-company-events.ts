import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyEvent, GalleryImage } from '../../../../shared/company-events';
import { api } from '../../../lib/api';

/** The company's upcoming events (casting days, meetings, ...), soonest first. */
export const companyEventsQuery = queryOptions({
  queryKey: ['events', 'company'],
  queryFn: () => api.get<{ events: CompanyEvent[] }>('/api/events').then((r) => r.events),
});

export function useCompanyEvents() {
  return useQuery(companyEventsQuery);
}

/** The gallery staff keep, newest first. */
export const galleryQuery = queryOptions({
  queryKey: ['gallery'],
  queryFn: () => api.get<{ images: GalleryImage[] }>('/api/gallery').then((r) => r.images),
});

export function useGallery() {
  return useQuery(galleryQuery);
}
