import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live, outside any public folder. Local disk by default; an
 * S3-compatible implementation only has to provide these four calls.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Every stored key with when it was written (for sweeping orphans). */
  list(): Promise<{ key: string; writtenAt: Date }[]>;
}

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!/^[a-z0-9-]+$/i.test(key)) throw new Error('invalid storage key');
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      await mkdir(root, { recursive: true });
      await writeFile(resolve(key), data, { mode: 0o600 });
    },
    read: (key) => createReadStream(resolve(key)),
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
