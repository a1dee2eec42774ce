import sharp from 'sharp';
import { multipart, PDF_BYTES } from './files.js';

/** An advert a moderator would approve, as the form sends it (`weeks` a string). */
export const AD_FIELDS = { linkUrl: 'https://ngozi-styles.example.com/shop', altText: 'Ngozi Styles: bridal fashion in Lekki', weeks: '2' };

/** A banner the advert's image rules take: a 1600x900 JPEG. */
export async function adImage(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0a7' } })
    .jpeg()
    .toBuffer();
}

type Upload = { data: Buffer; name: string };

export interface AdvertFormOptions {
  /** Fields changed or added on AD_FIELDS: `{ weeks: '1' }`, `{ payment: 'online' }`, `{ altText: '' }`. */
  fields?: Record<string, string>;
  /** The advert's image; `null` sends none. Default: adImage() as ad.jpg. */
  image?: Upload | null;
  /** The payment slip; `null` sends none (paid online, or to see it asked for). Default: a PDF. */
  slip?: Upload | null;
}

/** The multipart form a member places an advert with (PUT /api/users/profile): its fields, then its image and payment slip. */
export async function advertForm({ fields = {}, image, slip }: AdvertFormOptions = {}): Promise<FormData> {
  const files: Record<string, Upload> = {};
  if (image !== null) files.imageUrl = image ?? { data: await adImage(), name: 'ad.jpg' };
  if (slip !== null) files.paymentSlip = slip ?? { data: PDF_BYTES, name: 'slip.pdf' };
  return multipart({ ...AD_FIELDS, ...fields }, files);
}
