import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { files } from '../db/schema.js';

/** Small real files for upload tests: the server decides types by their bytes. */
export async function pngBytes(color = '#f00'): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#0a0' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' } })
    .toBuffer();
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
export const TEXT_BYTES = Buffer.from('just some text pretending to be a picture\n');
/** Over the 5 MB limit. */
export const LARGE_BYTES = Buffer.alloc(6 * 1024 * 1024, 1);

/** A PNG signature followed by garbage: passes the type check, fails to decode. */
export async function corruptPng(): Promise<Buffer> {
  return Buffer.concat([(await pngBytes()).subarray(0, 33), Buffer.alloc(200, 7)]);
}

/** A few hundred bytes of PNG whose header declares 30000x30000 pixels: 2.7 GB once decoded. */
export function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(30_000 * 3 + 1))), chunk('IEND', Buffer.alloc(0))]);
}

export function multipart(fields: Record<string, string>, files: Record<string, { data: Buffer; name: string }>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(file.data)]), file.name);
  return form;
}

/** Reads CSV back (RFC 4180 quoting) so tests check the values, not the spelling. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The files a member owns, by purpose, with whether their bytes are in storage: for checking termination takes the bytes, not only the rows. */
export async function storedFilesOf(app: FastifyInstance, userId: string): Promise<{ purpose: string; storageKey: string; inStorage: boolean }[]> {
  const rows = await app.ctx.db.select({ purpose: files.purpose, storageKey: files.storageKey }).from(files).where(eq(files.ownerId, userId));
  const stored = new Set((await app.ctx.storage.list()).map((entry) => entry.key));
  return rows.map((row) => ({ ...row, inStorage: stored.has(row.storageKey) }));
}

/** Which of these storage keys still have bytes in storage. */
export async function stillStored(app: FastifyInstance, keys: string[]): Promise<string[]> {
  const stored = new Set((await app.ctx.storage.list()).map((entry) => entry.key));
  return keys.filter((key) => stored.has(key));
}
