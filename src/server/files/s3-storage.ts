import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, paginateListObjectsV2, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.js';
import { checkedKey, type FileStorage } from './storage.js';

/** Uploaded bytes in an S3-compatible bucket (AWS S3, MinIO, ...), shared by every process and host. */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 demands them: many S3-compatible servers reject the SDK's newer
    // default (a checksum trailer on every upload) as a bad signature.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that accepts the connection and then says nothing (paused, overloaded) fails the
    // request instead of holding it; one retry, so a stalled store costs two request timeouts at most.
    requestHandler: { connectionTimeout: settings.timeouts.connectMs, requestTimeout: settings.timeouts.requestMs, throwOnRequestTimeout: true },
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: data, ContentLength: data.length }));
    },
    async open(key) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async list() {
      const entries: { key: string; writtenAt: Date }[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) entries.push({ key: object.Key, writtenAt: object.LastModified });
        }
      }
      return entries;
    },
  };
}
