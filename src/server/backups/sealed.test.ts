import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { AGE_HEADER, newBackupKey, sealInto, sha256Of, unsealInto } from './sealed.js';

const folder = mkdtempSync(path.join(tmpdir(), 'portal-sealed-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function collector() {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

// Three and a bit of age's 64 KiB chunks, so the last-chunk rule and the chunk order are exercised.
const CLEAR = Buffer.concat([Buffer.from('member@example.com '), randomBytes(200_000)]);

describe('backup files sealed as age files', () => {
  it('opens with its identity to the very bytes sealed; the file is an age file, 0600, with no clear byte in it', async () => {
    const { identity, recipient } = await newBackupKey();
    expect(identity).toMatch(/^AGE-SECRET-KEY-1[0-9A-Z]{58}$/);
    expect(recipient).toMatch(/^age1[0-9a-z]{58}$/);
    const file = path.join(folder, 'roundtrip.age');
    const checksum = await sealInto(recipient, Readable.from([CLEAR]), file);
    expect(checksum).toBe(await sha256Of(file));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const sealed = readFileSync(file);
    expect(sealed.subarray(0, AGE_HEADER.length).toString()).toBe(AGE_HEADER);
    expect(sealed.includes('member@example.com')).toBe(false);
    const out = collector();
    await unsealInto(identity, file, out.sink);
    expect(out.bytes().equals(CLEAR)).toBe(true);
  });

  it('refuses another key, a changed byte and a cut file, and never overwrites a sealed file', async () => {
    const { identity, recipient } = await newBackupKey();
    const file = path.join(folder, 'guarded.age');
    await sealInto(recipient, Readable.from([CLEAR]), file);
    const sealed = readFileSync(file);

    await expect(unsealInto((await newBackupKey()).identity, file, collector().sink)).rejects.toThrow(/guarded\.age does not open with this BACKUP_KEY/);

    const flipped = Buffer.from(sealed);
    flipped[sealed.length - 70_000] = flipped[sealed.length - 70_000]! ^ 1;
    writeFileSync(path.join(folder, 'flipped.age'), flipped);
    await expect(unsealInto(identity, path.join(folder, 'flipped.age'), collector().sink)).rejects.toThrow(
      /does not open with this BACKUP_KEY, or was changed/,
    );

    writeFileSync(path.join(folder, 'cut.age'), sealed.subarray(0, sealed.length - 100));
    await expect(unsealInto(identity, path.join(folder, 'cut.age'), collector().sink)).rejects.toThrow(/does not open with this BACKUP_KEY, or was changed/);

    await expect(sealInto(recipient, Readable.from([Buffer.from('other')]), file)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(file).equals(sealed)).toBe(true);
  });

  it('seals an empty source into a file that opens to nothing', async () => {
    const { identity, recipient } = await newBackupKey();
    const file = path.join(folder, 'empty.age');
    await sealInto(recipient, Readable.from([]), file);
    const out = collector();
    await unsealInto(identity, file, out.sink);
    expect(out.bytes()).toHaveLength(0);
  });
});
