import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A backup file sealed with BACKUP_KEY (docs/decisions/021-backups-encrypted.md):
 *   8 bytes `PORTALB1` | 12 bytes random IV | AES-256-GCM ciphertext | 16 bytes GCM tag.
 * The tag authenticates the whole file: a changed byte or the wrong key fails the restore.
 * (`age` would be the standard format; its npm package, age-encryption, is not installed.)
 */
export const MAGIC = Buffer.from('PORTALB1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES;

/** Which key sealed a backup, without saying the key: the first 16 hex digits of its SHA-256. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** Seals `source` into `target` (created 0600); resolves to the SHA-256 of the sealed file, for the manifest. */
export async function sealInto(key: Buffer, source: Readable, target: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const hash = createHash('sha256');
  const out = createWriteStream(target, { mode: 0o600, flags: 'wx' });
  const write = (chunk: Buffer) => {
    hash.update(chunk);
    return chunk;
  };
  let headerWritten = false;
  const framing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!headerWritten) {
        headerWritten = true;
        this.push(write(Buffer.concat([MAGIC, iv])));
      }
      done(null, write(chunk));
    },
    flush(done) {
      if (!headerWritten) this.push(write(Buffer.concat([MAGIC, iv])));
      this.push(write(cipher.getAuthTag()));
      done();
    },
  });
  await pipeline(source, cipher, framing, out);
  return hash.digest('hex');
}

/** Opens a sealed file into `target`: rejects when the key is not the one that sealed it or a byte changed. */
export async function unsealInto(key: Buffer, file: string, target: Writable): Promise<void> {
  const { size } = await stat(file);
  if (size < HEADER_BYTES + TAG_BYTES) throw new Error(`${file} is not a sealed backup file (too short)`);
  const handle = await open(file, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error(`${file} is not a sealed backup file (no PORTALB1 header)`);
  const decipher = createDecipheriv('aes-256-gcm', key, header.subarray(MAGIC.length));
  decipher.setAuthTag(tag);
  const body = size - HEADER_BYTES - TAG_BYTES;
  const source = body > 0 ? createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }) : emptyStream();
  await pipeline(source, decipher, target).catch((error: Error) => {
    throw new Error(`${file} does not open with this BACKUP_KEY, or was changed since it was written (${error.message})`, { cause: error });
  });
}

/** SHA-256 of a file as written. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function* nothing(): AsyncGenerator<Buffer> {}
function emptyStream(): Readable {
  return Readable.from(nothing());
}
