import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live, outside any public folder: local disk by default, S3-compatible
 * object storage (s3-storage.ts) when several hosts must see the same files. Either way they are
 * only ever served through routes that check who asks.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes as a stream, with their length for Content-Length. */
  open(key: string): Promise<{ stream: Readable; size: number }>;
  remove(key: string): Promise<void>;
  /** Every stored key with when it was written (for sweeping orphans). */
  list(): Promise<{ key: string; writtenAt: Date }[]>;
}

/** Keys are made by the portal (UUIDs); anything else is refused before it reaches a path or a bucket. */
export function checkedKey(key: string): string {
  if (!/^[a-z0-9-]+$/i.test(key)) throw new Error('invalid storage key');
  return key;
}

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, data) {
      await mkdir(root, { recursive: true });
      await writeFile(resolve(key), data, { mode: 0o600 });
    },
    async open(key) {
      const file = resolve(key);
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async list() {
      const names = await readdir(root).catch(() => [] as string[]);
      const entries = await Promise.all(
        names.map(async (key) => {
          const info = await stat(path.join(root, key)).catch(() => undefined);
          return info ? { key, writtenAt: info.mtime } : undefined;
        }),
      );
      return entries.filter((entry): entry is { key: string; writtenAt: Date } => Boolean(entry));
    },
  };
}
