import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';

/**
 * Backup files are age files (https://age-encryption.org/v1, docs/decisions/021-backups-encrypted.md):
 * sealed for an X25519 recipient (`age1...`, public: the machine that takes backups needs only it)
 * and opened with its identity (`AGE-SECRET-KEY-1...`, BACKUP_KEY), by `npm run restore` or by
 * `age -d -i key.txt file.age` without the portal. Every 64 KiB chunk is authenticated: a changed
 * byte, a cut file or another key fails the opening.
 */
export const AGE_HEADER = 'age-encryption.org/v1';

/** A new identity and its recipient, for `npm run backup -- new-key`. */
export async function newBackupKey(): Promise<{ identity: string; recipient: string }> {
  const identity = await generateX25519Identity();
  return { identity, recipient: await identityToRecipient(identity) };
}

export function recipientOf(identity: string): Promise<string> {
  return identityToRecipient(identity);
}

/** Seals `source` for `recipient` into `target` (created 0600, never overwritten); resolves to the SHA-256 of the sealed file, for the manifest. */
export async function sealInto(recipient: string, source: Readable, target: string): Promise<string> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const sealed = await encrypter.encrypt(Readable.toWeb(source) as unknown as ReadableStream<Uint8Array>);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(sealed as unknown as WebReadableStream<Uint8Array>), hashing, createWriteStream(target, { mode: 0o600, flags: 'wx' }));
  return hash.digest('hex');
}

/** Opens a sealed file into `target`: rejects when `identity` is not the one it was sealed for, or a byte changed. */
export async function unsealInto(identity: string, file: string, target: Writable): Promise<void> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  try {
    const opened = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>);
    await pipeline(Readable.fromWeb(opened as unknown as WebReadableStream<Uint8Array>), target);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${file} does not open with this BACKUP_KEY, or was changed since it was written (${reason})`, { cause: error });
  }
}

/** SHA-256 of a file as written. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
