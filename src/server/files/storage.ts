import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type DependencyHealth, DependencyUnavailableError, withinDeadline } from '../dependencies.js';

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
  /** Resolves when the store answers (the probe that tells it is back after an outage). */
  check(): Promise<void>;
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
    async check() {
      await mkdir(root, { recursive: true });
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

// Errors that say the store is out of reach or failing, not that a key is wrong.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EIO', 'ENOSPC']);

function storeUnavailable(error: unknown): boolean {
  if (error instanceof DependencyUnavailableError) return true;
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return UNREACHABLE_CODES.has(e.code ?? '') || e.name === 'TimeoutError' || (e.$metadata?.httpStatusCode ?? 0) >= 500;
}

/**
 * Every storage call within `deadlineMs`, whatever the store does (an S3 request that never
 * answers, a hung mount): one that fails for the store's sake is a DependencyUnavailableError
 * naming storage (503), and `health` hears of the outage and of the store's return.
 */
export function guardedStorage(storage: FileStorage, deadlineMs: number, health: DependencyHealth): FileStorage {
  const guard = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      const result = await withinDeadline('storage', deadlineMs, what, work());
      health.recovered('storage');
      return result;
    } catch (error) {
      if (!storeUnavailable(error)) throw error;
      health.failed('storage', error);
      throw error instanceof DependencyUnavailableError ? error : new DependencyUnavailableError('storage', `storage: ${what} failed`, { cause: error });
    }
  };
  return {
    put: (key, data) => guard('storing a file', () => storage.put(key, data)),
    open: (key) => guard('reading a file', () => storage.open(key)),
    remove: (key) => guard('removing a file', () => storage.remove(key)),
    list: () => guard('listing files', () => storage.list()),
    check: () => withinDeadline('storage', deadlineMs, 'the check', storage.check()),
  };
}
