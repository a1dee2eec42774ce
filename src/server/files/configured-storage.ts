import path from 'node:path';
import type { Config } from '../config.js';
import { createS3Storage } from './s3-storage.js';
import { createLocalStorage, type FileStorage } from './storage.js';

/** Where uploads live on local disk when no bucket is configured. */
export const localUploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/** The bucket when S3_BUCKET is set, else the local uploads folder. */
export function configuredStorage(config: Config): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(localUploadsDir(config));
}
