import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { ApiError } from './api';

/**
 * Every file a member chooses goes through here: photos are made smaller in the browser before
 * they cost mobile data (a 4 MB camera photo goes up as about half a megabyte), other files go
 * as they are, and a file the server would refuse for its size is refused before it is sent.
 */

/** Photos the browser can decode and re-encode; anything else (PDF, HEIC) goes as it is. */
const SHRINKABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const LONGEST_SIDE_PX = 1600;
const TARGET_MB = 0.5;

export function isShrinkablePhoto(file: File): boolean {
  return SHRINKABLE_TYPES.has(file.type);
}

const MB = 1024 * 1024;
const limitText = (bytes: number) => `${Number((bytes / MB).toFixed(1))} MB`;
const sizeText = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * The rule checked as soon as a file is chosen: a file that will go as it is must already fit
 * under the server's limit. A photo of any size passes, as it is made smaller before sending.
 */
export function uploadRefusal(file: File, label: string, maxBytes = MAX_UPLOAD_BYTES): string | null {
  if (isShrinkablePhoto(file) || file.size <= maxBytes) return null;
  return `${label} must be at most ${limitText(maxBytes)} (this file is ${sizeText(file.size)}).`;
}

/** Downscaled to 1600 px on its longest side and re-encoded, upright as the camera's EXIF orientation says. */
async function shrinkPhoto(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  // On the page's own thread: a worker would fetch the library a second time (from a CDN by default).
  const smaller = await imageCompression(file, { maxWidthOrHeight: LONGEST_SIDE_PX, maxSizeMB: TARGET_MB, initialQuality: 0.8, useWebWorker: false });
  return smaller.size < file.size ? new File([smaller], file.name, { type: smaller.type, lastModified: file.lastModified }) : file;
}

/**
 * Each chosen photo is shrunk once: a retried submission sends the very same bytes, which its
 * Idempotency-Key needs (the server compares a multipart body's length).
 */
const shrunk = new WeakMap<File, Promise<File>>();
function shrunkOnce(file: File): Promise<File> {
  let smaller = shrunk.get(file);
  if (!smaller) {
    smaller = shrinkPhoto(file).catch(() => file);
    shrunk.set(file, smaller);
  }
  return smaller;
}

/**
 * The file as it will be sent. A photo the browser cannot re-encode goes as it is; a file that is
 * then still over `maxBytes` is refused here with the server's kind of answer (413, the field named).
 */
export async function prepareUpload(file: File, field: string, maxBytes = MAX_UPLOAD_BYTES): Promise<File> {
  const prepared = needsShrinking(file) ? await shrunkOnce(file) : file;
  if (prepared.size > maxBytes) {
    const message = `${file.name} is ${sizeText(prepared.size)}: files must be at most ${limitText(maxBytes)}. Choose a smaller file.`;
    throw new ApiError(413, message, [{ field, message }]);
  }
  return prepared;
}

/** Told before each photo that is made smaller: its place among those photos (1-based) and how many there are. */
export type PreparingPhotos = (photo: number, photos: number) => void;

const needsShrinking = (file: File) => isShrinkablePhoto(file) && file.size > TARGET_MB * MB;

/**
 * A multipart body with each of its files prepared; `limits` names the fields whose limit is not
 * the usual one. Shrinking a camera photo takes seconds on a cheap phone: `onPreparing` hears of
 * each before it starts, so the page can say "Preparing photos 1 of 3" rather than sit at 0%.
 */
export async function prepareUploads(form: FormData, limits: Record<string, number> = {}, onPreparing?: PreparingPhotos): Promise<FormData> {
  const prepared = new FormData();
  const photos = [...form.values()].filter((value): value is File => typeof value !== 'string' && needsShrinking(value)).length;
  let photo = 0;
  for (const [field, value] of form.entries()) {
    if (typeof value !== 'string' && needsShrinking(value)) onPreparing?.((photo += 1), photos);
    prepared.append(field, typeof value === 'string' ? value : await prepareUpload(value, field, limits[field]));
  }
  return prepared;
}

/** What the page says while photos are made smaller. */
export const preparingText = (photo: number, photos: number) => `Preparing ${photos === 1 ? 'photo' : 'photos'} ${photo} of ${photos}...`;
