import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAILURE } from '../../../../shared/messages';
import { AD_IMAGE_MAX_BYTES } from '../../../../shared/ad-image';
import type { PlaceAdInput } from '../../../../shared/schemas/ads';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api';
import { prepareUploads } from '../../../lib/prepare-upload';
import { setSessionUser } from '../../../lib/session';
import { useSubmission } from '../../../lib/submission';
import { publicAdsKey } from './get-ads';

interface ProfileAnswer {
  success: boolean;
  message: string;
  user: User;
  /** Paid online: Paystack's checkout, where the member goes next. */
  authorizationUrl?: string;
}

export interface PlaceAdRequest {
  values: PlaceAdInput;
  image: File;
  paymentSlip: File | null;
}

/** Place Your Ad goes through the profile call (PUT /api/users/profile) as multipart: a submission (lib/submission.ts) with upload progress. */
export function usePlaceAd() {
  const client = useQueryClient();
  return useSubmission(
    async ({ values, image, paymentSlip }: PlaceAdRequest, { idempotencyKey, onProgress, onPreparing }) => {
      const form = new FormData();
      form.append('linkUrl', values.linkUrl);
      form.append('altText', values.altText);
      form.append('weeks', String(values.weeks ?? 1));
      form.append('payment', values.payment ?? 'slip');
      form.append('imageUrl', image);
      if (paymentSlip) form.append('paymentSlip', paymentSlip);
      return api.put<ProfileAnswer>('/api/users/profile', {
        form: await prepareUploads(form, { imageUrl: AD_IMAGE_MAX_BYTES }, onPreparing),
        onProgress,
        fallback: FAILURE.adPlace,
        idempotencyKey,
      });
    },
    { onSuccess: ({ user }) => setSessionUser(client, user) },
  );
}

/** Delete Ad: imageUrl, linkUrl and altText sent as null. */
export function useDeleteAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.put<ProfileAnswer>('/api/users/profile', { json: { ad: { imageUrl: null, linkUrl: null, altText: null } }, fallback: FAILURE.adDelete }),
    onSuccess: ({ user }) => {
      setSessionUser(client, user);
      void client.invalidateQueries({ queryKey: publicAdsKey });
    },
  });
}
