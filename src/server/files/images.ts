import sharp, { type Sharp } from 'sharp';
import { tooLarge, unsupportedType } from '../http/errors.js';

/**
 * More than any phone camera takes (50 megapixels, e.g. 8660x5774). A small file declaring more
 * is a decompression bomb: decoding it would take gigabytes of memory.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Every decode of an uploaded image: no more pixels than the limit, and a broken file is an error, not a partial picture. */
export function decodeUpload(data: Buffer) {
  return sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' });
}

export function unreadableImage(label: string) {
  return unsupportedType(`${label} could not be read as an image`);
}

/**
 * How many pixels an uploaded image declares, read from its header: refuses one over the pixel
 * limit (413) or one whose header does not read (415).
 */
export async function imagePixels(data: Buffer, label: string): Promise<number> {
  // Reading the header decodes no pixels, so it needs no limit (with one, sharp would refuse the
  // bomb without saying why).
  const { width = 0, height = 0 } = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadableImage(label);
    });
  if (width * height > MAX_IMAGE_PIXELS) throw tooLarge(`${label} must be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
  return width * height;
}

// Re-encoded in the format it came in; no metadata is written unless asked for.
const ENCODERS: Record<string, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 90 }),
  'image/png': (image) => image.png(),
  'image/webp': (image) => image.webp({ quality: 90 }),
};

/**
 * An uploaded image as it is kept: decoded and encoded again, upright, without EXIF, GPS or any
 * other metadata. Refuses one over the pixel limit (413, read from its header before any
 * decoding) or one that does not decode to the end (415).
 */
export async function imageWithoutMetadata(data: Buffer, mimeType: string, label: string): Promise<Buffer> {
  const encode = ENCODERS[mimeType];
  if (!encode) throw new Error(`no encoder for ${mimeType}`);
  await imagePixels(data, label);
  return encode(decodeUpload(data).rotate())
    .toBuffer()
    .catch(() => {
      throw unreadableImage(label);
    });
}
