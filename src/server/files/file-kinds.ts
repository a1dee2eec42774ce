import { fileTypeFromBuffer } from 'file-type';
import { unsupportedType } from '../http/errors.js';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

const DESCRIPTIONS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** The file's real type from its bytes; a renamed file is refused with 415. */
export async function detectFileType(data: Buffer, allowed: readonly string[], label: string): Promise<string> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !allowed.includes(detected.mime)) {
    const names = allowed.map((mime) => DESCRIPTIONS[mime] ?? mime);
    throw unsupportedType(`${label} must be a ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names.at(-1)} file`);
  }
  return detected.mime;
}
