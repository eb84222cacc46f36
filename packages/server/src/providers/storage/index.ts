// The storage this process uses, from STORAGE (docs/uploads.md#storage).
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { createS3Client, createS3Storage } from './s3.ts';
import { audioStorage, type Storage } from './storage.ts';

/** Where recordings and their level overviews live in the bucket. */
export const S3_AUDIO_PREFIX = 'audio';

/** One S3 client per process and bucket settings: it keeps the connections. */
let shared: { settings: string; client: S3Client } | undefined;

/** The process's S3 client for STORAGE=s3; undefined for the local folder. */
export function s3ClientOf(config: Pick<Config, 'storage'>): S3Client | undefined {
  if (config.storage.kind !== 's3') return undefined;
  const settings = JSON.stringify(config.storage);
  if (shared?.settings !== settings) shared = { settings, client: createS3Client(config.storage) };
  return shared.client;
}

/** The storage of recordings: DATA_DIR/audio, or `audio/` in S3_BUCKET. */
export function storageOf(config: Pick<Config, 'storage' | 'dataDir'>): Storage {
  const client = s3ClientOf(config);
  if (!client || config.storage.kind !== 's3') return audioStorage(config.dataDir);
  return createS3Storage({ client, bucket: config.storage.bucket, prefix: S3_AUDIO_PREFIX });
}
