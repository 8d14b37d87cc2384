import { mediaDir, type Env } from '../../config/env.js';
import { DiskMediaStorage, type MediaStorage } from './storage.js';
import { S3MediaStorage } from './storage-s3.js';

type MediaEnv = Pick<
  Env,
  | 'MEDIA_DIR'
  | 'DATA_DIR'
  | 'MEDIA_S3_BUCKET'
  | 'MEDIA_S3_REGION'
  | 'MEDIA_S3_ENDPOINT'
  | 'MEDIA_S3_PATH_STYLE'
  | 'MEDIA_S3_ACCESS_KEY_ID'
  | 'MEDIA_S3_SECRET_ACCESS_KEY'
  | 'MEDIA_PUBLIC_URL'
>;

/** The configured media storage: the bucket of MEDIA_S3_BUCKET, else the folder MEDIA_DIR (served by the app at /media/). */
export function mediaStorageFor(env: MediaEnv): MediaStorage {
  if (!env.MEDIA_S3_BUCKET) return new DiskMediaStorage(mediaDir(env));
  return new S3MediaStorage({
    bucket: env.MEDIA_S3_BUCKET,
    region: env.MEDIA_S3_REGION,
    endpoint: env.MEDIA_S3_ENDPOINT,
    forcePathStyle: env.MEDIA_S3_PATH_STYLE,
    credentials:
      env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY }
        : undefined,
    // parseEnv refuses a bucket without it.
    publicUrl: env.MEDIA_PUBLIC_URL ?? '',
  });
}
