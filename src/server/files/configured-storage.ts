import path from 'node:path';
import type { Config } from '../config.js';
import { createLocalStorage, type FileStorage } from './storage.js';

/** Where uploads live on local disk when no bucket is configured. */
export const localUploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/**
 * The bucket when S3_BUCKET is set, else the local uploads folder. The AWS SDK (hundreds of
 * modules) is loaded only for a bucket.
 */
export async function configuredStorage(config: Config): Promise<FileStorage> {
  if (!config.s3) return createLocalStorage(localUploadsDir(config));
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage(config.s3);
}
