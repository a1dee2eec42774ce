import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../files/files-service.js';
import { curlDownload } from '../test-support/download.js';
import { createTestApp, signedUpMember } from '../test-support/test-app.js';

// More than the loopback's socket buffers hold, so the portal is still sending when its time ends.
const FILE_BYTES = 32 * 1024 * 1024;

/** Reads `url` at 8 MB/s (slow for loopback: about 4 s for the file), as the member's cookie: the status and bytes received, or why it was cut. */
async function slowDownload(url: string, cookie: string): Promise<string> {
  try {
    const { status, bytes } = await curlDownload(url, cookie, { limitRate: '8M' });
    return `${status} ${bytes}`;
  } catch (error) {
    return `cut: ${(error as { stderr?: string }).stderr?.trim() ?? String(error)}`;
  }
}

describe('a download on a slow connection (REQUEST_TIMEOUT_MS is for producing an answer, not for sending it)', () => {
  const portals: Awaited<ReturnType<typeof createTestApp>>[] = [];
  afterAll(() => Promise.all(portals.map((portal) => portal.close())));

  /** A portal whose requests time out after 500 ms, with a member who has a 32 MB file (random, so the export's ZIP cannot shrink it); the member's file and export addresses. */
  async function portalWithAFile(env: Record<string, string>) {
    const portal = await createTestApp({ REQUEST_TIMEOUT_MS: '500', ...env });
    portals.push(portal);
    const { client, user } = await signedUpMember(portal.app);
    const data = randomBytes(FILE_BYTES);
    data.write('%PDF-1.4\n', 0);
    const file = await storeFile(portal.app.ctx, portal.app.ctx.db, { ownerId: user.id, purpose: 'form:artist-membership', data, mimeType: 'application/pdf' });
    const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
    return { cookie: `sid=${client.cookie('sid')}`, file: `${address}/api/files/${file.id}`, exported: `${address}/api/users/me/export` };
  }

  let slow: Awaited<ReturnType<typeof portalWithAFile>>;
  beforeAll(async () => {
    slow = await portalWithAFile({});
  });

  it('sends a stored file whole, past REQUEST_TIMEOUT_MS', async () => {
    expect(await slowDownload(slow.file, slow.cookie)).toBe(`200 ${FILE_BYTES}`);
  });

  it('sends the data export whole, past REQUEST_TIMEOUT_MS', async () => {
    const [status, size] = (await slowDownload(slow.exported, slow.cookie)).split(' ');
    expect(status).toBe('200');
    expect(Number(size)).toBeGreaterThan(FILE_BYTES);
  });

  it('cuts a download still being sent after DOWNLOAD_TIMEOUT_MS (what every download got before)', async () => {
    const cut = await portalWithAFile({ DOWNLOAD_TIMEOUT_MS: '500' });
    expect(await slowDownload(cut.file, cut.cookie)).toMatch(/^cut: /);
  });
});
