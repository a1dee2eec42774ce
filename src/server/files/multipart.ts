import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../shared/constants.js';
import { badRequest, HttpError, tooLarge } from '../http/errors.js';
import { assertStorableText } from '../http/storable-text.js';
import { detectFileType } from './file-kinds.js';
import { imagePixels, imageWithoutMetadata } from './images.js';
import { LARGE_IMAGE_PIXELS } from './large-images.js';

export interface FileRule {
  label: string;
  types: readonly string[];
  maxBytes?: number;
}

export interface ReceivedFile {
  field: string;
  filename: string;
  data: Buffer;
  mimeType: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
}

/**
 * Reads a multipart request whose file fields are known in advance. Each file is checked
 * for size and for its real type (by its bytes) as it arrives; an image is decoded within the
 * pixel limit, and a very large one only within its sender's hourly allowance (large-images.ts),
 * and kept without its metadata (PDFs are kept as sent). Any other file field is refused.
 */
export async function readMultipart(request: FastifyRequest, rules: Record<string, FileRule>): Promise<MultipartBody> {
  if (!request.isMultipart()) throw badRequest('The request must be multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFile> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: largestLimit(rules), files: Object.keys(rules).length } })) {
      if (part.type === 'field') {
        assertStorableText({ [part.fieldname]: part.value });
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      assertStorableText(part.filename);
      const rule = rules[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw badRequest(`Unexpected file field: ${part.fieldname}`);
      }
      const data = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(`${rule.label} must be at most ${megabytes(rule.maxBytes)}`);
        throw error;
      });
      if (data.length > (rule.maxBytes ?? MAX_UPLOAD_BYTES)) throw tooLarge(`${rule.label} must be at most ${megabytes(rule.maxBytes)}`);
      if (data.length === 0) continue;
      const mimeType = await detectFileType(data, rule.types, rule.label);
      if (mimeType.startsWith('image/') && (await imagePixels(data, rule.label)) > LARGE_IMAGE_PIXELS)
        await request.server.allowLargeImage(request, rule.label);
      const kept = mimeType.startsWith('image/') ? await imageWithoutMetadata(data, mimeType, rule.label) : data;
      files[part.fieldname] = { field: part.fieldname, filename: part.filename, data: kept, mimeType };
    }
  } catch (error) {
    // The parser's own errors (no boundary, a cut-off body) are the client's, not ours.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('The form data could not be read. Please try again.');
  }
  return { fields, files };
}

function largestLimit(rules: Record<string, FileRule>): number {
  return Math.max(1, ...Object.values(rules).map((rule) => rule.maxBytes ?? MAX_UPLOAD_BYTES));
}

function megabytes(bytes = MAX_UPLOAD_BYTES): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
