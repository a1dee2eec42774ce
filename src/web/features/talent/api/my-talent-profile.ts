import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTalentProfile, TalentMeasurements, TalentProfileInput } from '../../../../shared/schemas/talent';
import { api, type ApiError } from '../../../lib/api';
import { prepareUploads } from '../../../lib/prepare-upload';
import { useSubmission } from '../../../lib/submission';

export interface MyTalentAnswer {
  profile: MyTalentProfile | null;
  available: TalentMeasurements;
}
type Saved = MyTalentAnswer & { message: string };

const myTalentKey = ['talent', 'me'] as const;

export function useMyTalentProfile() {
  return useQuery({ queryKey: myTalentKey, queryFn: () => api.get<MyTalentAnswer>('/api/talent/me') });
}

/** Every change answers with the new profile, which replaces the cached one. */
function useProfileMutation<V>(send: (values: V) => Promise<Saved>) {
  const client = useQueryClient();
  return useMutation<Saved, ApiError, V>({
    mutationFn: send,
    onSuccess: (data) => client.setQueryData(myTalentKey, { profile: data.profile, available: data.available }),
  });
}

/**
 * Saves the details; photos chosen with them go in the same request (multipart), so a first save
 * can publish. A submission (lib/submission.ts): a retried upload adds its photos once.
 */
export function useSaveTalentProfile() {
  const client = useQueryClient();
  return useSubmission(
    async ({ values, photos }: { values: TalentProfileInput; photos: File[] }, { idempotencyKey, onProgress, onPreparing }) => {
      const fallback = 'Could not save your talent profile.';
      if (photos.length === 0) return api.put<Saved>('/api/talent/me', { json: values, fallback, idempotencyKey });
      const form = new FormData();
      form.append('details', JSON.stringify(values));
      photos.forEach((photo, index) => form.append(`photo${index + 1}`, photo));
      return api.put<Saved>('/api/talent/me', { form: await prepareUploads(form, {}, onPreparing), fallback, onProgress, idempotencyKey });
    },
    { onSuccess: (data) => client.setQueryData(myTalentKey, { profile: data.profile, available: data.available }) },
  );
}

export function useDeleteTalentPhoto() {
  return useProfileMutation((photoId: string) => api.delete<Saved>(`/api/talent/me/photos/${photoId}`, { fallback: 'Could not delete the photo.' }));
}

export function useSetPrimaryPhoto() {
  return useProfileMutation((photoId: string) =>
    api.put<Saved>(`/api/talent/me/photos/${photoId}/primary`, { fallback: 'Could not change the primary photo.' }),
  );
}
