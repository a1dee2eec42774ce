import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CompanyEvent, EVENT_IMAGE_MAX_BYTES, type GalleryImage } from '../../../../shared/company-events';
import { api } from '../../../lib/api';
import { prepareUploads } from '../../../lib/prepare-upload';
import { companyEventsQuery, galleryQuery } from './get-company-events';

const pictureLimits = { picture: EVENT_IMAGE_MAX_BYTES, image: EVENT_IMAGE_MAX_BYTES };

const eventsKey = ['admin', 'events'] as const;
const galleryKey = ['admin', 'gallery'] as const;

// Each change is read again by the staff's lists and the members' /events page.

export function useAdminEvents() {
  return useQuery({ queryKey: eventsKey, queryFn: () => api.get<{ events: CompanyEvent[] }>('/api/admin/events').then((r) => r.events) });
}

/** Adds an event (no id) or replaces one: the form's fields and, when chosen, its picture. */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, form: chosen }: { id?: string; form: FormData }) => {
      const form = await prepareUploads(chosen, pictureLimits);
      return id
        ? api.put<{ message: string; event: CompanyEvent }>(`/api/admin/events/${encodeURIComponent(id)}`, { form })
        : api.post<{ message: string; event: CompanyEvent }>('/api/admin/events', { form });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: eventsKey });
      void client.invalidateQueries({ queryKey: companyEventsQuery.queryKey });
    },
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/admin/events/${encodeURIComponent(id)}`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: eventsKey });
      void client.invalidateQueries({ queryKey: companyEventsQuery.queryKey });
    },
  });
}

export function useAdminGallery() {
  return useQuery({ queryKey: galleryKey, queryFn: () => api.get<{ images: GalleryImage[] }>('/api/admin/gallery').then((r) => r.images) });
}

export function useAddGalleryImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) =>
      api.post<{ message: string; image: GalleryImage }>('/api/admin/gallery', { form: await prepareUploads(form, pictureLimits) }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: galleryKey });
      void client.invalidateQueries({ queryKey: galleryQuery.queryKey });
    },
  });
}

export function useDeleteGalleryImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/admin/gallery/${encodeURIComponent(id)}`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: galleryKey });
      void client.invalidateQueries({ queryKey: galleryQuery.queryKey });
    },
  });
}
