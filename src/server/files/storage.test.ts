import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { PDF_BYTES } from '../test-support/files.js';
import { startS3Server } from '../test-support/s3-server.js';
import { createTestApp, signedUpMember } from '../test-support/test-app.js';
import { storeFile } from './files-service.js';
import { createS3Storage } from './s3-storage.js';
import { createLocalStorage, type FileStorage } from './storage.js';

const folder = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
let s3: Awaited<ReturnType<typeof startS3Server>>;
const storages: Record<string, FileStorage> = {};
beforeAll(async () => {
  s3 = await startS3Server();
  storages['local disk'] = createLocalStorage(folder);
  storages['S3-compatible store'] = createS3Storage(loadConfig({ DATA_DIR: folder, ...s3.env }).s3!);
});
afterAll(async () => {
  await s3.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe.each(['local disk', 'S3-compatible store'])('file storage on %s', (name) => {
  it('keeps bytes under a key and streams them back with their length', async () => {
    const storage = storages[name]!;
    const before = Date.now() - 1000;
    await storage.put('a1b2-slip', Buffer.from('payment slip bytes'));
    const { stream, size } = await storage.open('a1b2-slip');
    expect(size).toBe(18);
    expect(await text(stream)).toBe('payment slip bytes');
    const listed = (await storage.list()).find((entry) => entry.key === 'a1b2-slip');
    expect(listed?.writtenAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('removes bytes, and removing them again is no error', async () => {
    const storage = storages[name]!;
    await storage.put('gone-soon', Buffer.from('x'));
    await storage.remove('gone-soon');
    await storage.remove('gone-soon');
    expect((await storage.list()).map((entry) => entry.key)).not.toContain('gone-soon');
    await expect(storage.open('gone-soon')).rejects.toThrow();
  });

  it('refuses a key that could reach outside its place', async () => {
    const storage = storages[name]!;
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await expect(storage.open('a/b')).rejects.toThrow('invalid storage key');
  });
});

describe('files served from the S3-compatible store', () => {
  it('streams a member their own file with its length, and nobody else', async () => {
    const portal = await createTestApp(s3.env);
    try {
      const owner = await signedUpMember(portal.app);
      const stranger = await signedUpMember(portal.app);
      const { ctx } = portal.app;
      const file = await storeFile(ctx, ctx.db, { ownerId: owner.user.id, purpose: 'test', data: PDF_BYTES, mimeType: 'application/pdf' });
      const download = await owner.client.get(`/api/files/${file.id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-length']).toBe(String(PDF_BYTES.length));
      expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
      expect((await stranger.client.get(`/api/files/${file.id}`)).statusCode).toBe(404);
    } finally {
      await portal.close();
    }
  });
});
