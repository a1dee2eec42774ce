// What an advert image must be (re-exported by schemas/ads.ts): the server enforces it, the Place Your Ad form checks it first
// to spare a slow upload on mobile data.

/** The width and height of the homepage strip's slot: ad images are cropped and resized to fill it. */
export const AD_IMAGE_SIZE = { width: 728, height: 182 } as const;
export const AD_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const AD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The limits as members read them: "JPG or PNG, at most 2 MB". */
export const AD_IMAGE_FORMATS = 'JPG or PNG';
export const AD_IMAGE_MAX_SIZE = `${AD_IMAGE_MAX_BYTES / (1024 * 1024)} MB`;
