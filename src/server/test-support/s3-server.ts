import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/**
 * An S3-compatible server on loopback for one test file, with one empty bucket, and the S3_*
 * settings that point the portal at it.
 */
export async function startS3Server(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  // s3rver's SigV4 check lags behind the current AWS SDK's signing (it calls every request
  // mismatched); signatures are the SDK's business, what is tested here is the portal's use of S3.
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: 'portal-files' }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
