import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
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
  list(): Promise<string[]>;
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
      try {
        return await readdir(root);
      } catch {
        return [];
      }
    },
  };
}
