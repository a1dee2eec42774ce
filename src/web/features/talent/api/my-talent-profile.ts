import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTalentProfile, TalentMeasurements, TalentProfileInput } from '../../../../shared/schemas/talent';
import { api, type ApiError } from '../../../lib/api';

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

export function useSaveTalentProfile() {
  return useProfileMutation((values: TalentProfileInput) => api.put<Saved>('/api/talent/me', { json: values, fallback: 'Could not save your talent profile.' }));
}

export function useUploadTalentPhoto(onProgress: (fraction: number) => void) {
  return useProfileMutation((file: File) => {
    const form = new FormData();
    form.append('photo', file);
    return api.post<Saved>('/api/talent/me/photos', { form, onProgress, fallback: 'Could not upload the photo.' });
  });
}

export function useDeleteTalentPhoto() {
  return useProfileMutation((photoId: string) => api.delete<Saved>(`/api/talent/me/photos/${photoId}`, { fallback: 'Could not delete the photo.' }));
}

export function useSetPrimaryPhoto() {
  return useProfileMutation((photoId: string) => api.put<Saved>(`/api/talent/me/photos/${photoId}/primary`, { fallback: 'Could not change the primary photo.' }));
}
