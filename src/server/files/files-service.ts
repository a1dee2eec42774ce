import { createHash, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Executor, Transaction } from '../db/client.js';
import { files } from '../db/schema.js';
import { decodeUpload, unreadableImage } from './images.js';

export type FileRow = typeof files.$inferSelect;

export function fileUrl(id: string): string {
  return `/api/files/${id}`;
}

/** An upload as a service keeps it: who owns it, what it is for, its bytes and detected type. */
export interface NewFile {
  ownerId: string | null;
  purpose: string;
  data: Buffer;
  mimeType: string;
}

/**
 * Writes the bytes to storage and records them in `files` within `db`: for a file kept on its own
 * (tests, scripts). A request that keeps files with other rows uses withFileTransaction.
 */
export async function storeFile(ctx: AppContext, db: Executor, file: NewFile): Promise<FileRow> {
  const storageKey = await putBytes(ctx, file);
  return recordFile(db, file, storageKey);
}

async function putBytes(ctx: AppContext, file: NewFile): Promise<string> {
  const storageKey = randomUUID();
  await ctx.storage.put(storageKey, file.data);
  return storageKey;
}

async function recordFile(db: Executor, file: NewFile, storageKey: string): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({
      ownerId: file.ownerId,
      purpose: file.purpose,
      storageKey,
      mimeType: file.mimeType,
      size: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
    })
    .returning();
  if (!row) throw new Error('file row was not written');
  return row;
}

/**
 * Keeps `newFiles` with the rows `work` writes: the bytes are written to storage first, and only
 * then does the transaction open, so a slow or stalled store never holds a transaction or its
 * locks. `work` gets each file's row, in order. If anything fails, the bytes are removed again;
 * bytes the store cannot remove then are orphans, swept by the housekeeping.
 */
export async function withFileTransaction<T>(ctx: AppContext, newFiles: NewFile[], work: (tx: Transaction, stored: FileRow[]) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    const keys = await Promise.all(
      newFiles.map(async (file) => {
        const key = await putBytes(ctx, file);
        written.push(key);
        return key;
      }),
    );
    return await ctx.db.transaction(async (tx) => {
      const stored: FileRow[] = [];
      for (const [index, file] of newFiles.entries()) stored.push(await recordFile(tx, file, keys[index]!));
      return work(tx, stored);
    });
  } catch (error) {
    await Promise.all(written.map((key) => ctx.storage.remove(key).catch(() => {})));
    throw error;
  }
}

/** Where a photo must fit: `inside` keeps it whole, `cover` crops it to fill; `enlarge` lets a small one grow to fill the box. */
export interface PhotoBox {
  width: number;
  height: number;
  fit?: 'inside' | 'cover';
  enlarge?: boolean;
}

/**
 * Re-encodes an uploaded photo: applies its orientation, fits it in the box, drops EXIF (GPS
 * included). A file whose first bytes claim an image but that does not decode is refused like a
 * wrong type.
 */
export async function readablePhoto(data: Buffer, label: string, box: PhotoBox): Promise<{ data: Buffer; mimeType: string }> {
  try {
    const output = await decodeUpload(data)
      .rotate()
      .resize({ width: box.width, height: box.height, fit: box.fit ?? 'inside', withoutEnlargement: !box.enlarge })
      .webp({ quality: 82 })
      .toBuffer();
    return { data: output, mimeType: 'image/webp' };
  } catch {
    throw unreadableImage(label);
  }
}

/** Removes rows first, then bytes: a crash in between leaves only orphans, swept at start. */
export async function deleteFiles(ctx: AppContext, rows: Pick<FileRow, 'id' | 'storageKey'>[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.db.delete(files).where(
    inArray(
      files.id,
      rows.map((r) => r.id),
    ),
  );
  await Promise.all(rows.map((r) => ctx.storage.remove(r.storageKey)));
}

/**
 * Deletes stored bytes that no row refers to: left by a process killed mid-upload. Only bytes
 * older than `graceMs`, so an upload still in flight in another process is left alone.
 */
export async function sweepOrphanFiles(ctx: AppContext, graceMs: number): Promise<number> {
  const cutoff = Date.now() - graceMs;
  const keys = (await ctx.storage.list()).filter((entry) => entry.writtenAt.getTime() <= cutoff).map((entry) => entry.key);
  if (keys.length === 0) return 0;
  const known = new Set((await ctx.db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, keys))).map((r) => r.key));
  const orphans = keys.filter((key) => !known.has(key));
  await Promise.all(orphans.map((key) => ctx.storage.remove(key)));
  return orphans.length;
}
