import { DeleteObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertKey, type MediaStorage } from './storage.js';

/** Where an S3-compatible bucket is and how to reach it (MEDIA_S3_* in .env; docs/deployment.md, "Media"). */
export type S3MediaConfig = {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (Cloudflare R2, DigitalOcean Spaces, MinIO); unset: AWS S3. */
  endpoint?: string | undefined;
  /** Bucket in the path (most S3-compatible services) rather than in the host name. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers load the files from: the bucket's public URL or a CDN in front of it. */
  publicUrl: string;
};

/** Pictures never change under a key (keys carry their content's hash): browsers and CDNs keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Pictures in an S3-compatible bucket. Their URLs stay the shop's own (`/media/<key>`, what the
 * database keeps, whatever the storage): the app answers those with a redirect to `publicUrl`, and
 * a CDN in front of the shop may serve `/media/*` from the bucket directly (docs/deployment.md).
 */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3MediaConfig) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE }),
    );
  }

  async exists(key: string): Promise<boolean> {
    assertKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return true;
    } catch (err) {
      if (err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  url(key: string): string {
    assertKey(key);
    return `/media/${key}`;
  }

  /** Where the browser is sent for `/media/<key>`. */
  publicUrl(key: string): string {
    assertKey(key);
    return `${this.config.publicUrl.replace(/\/$/, '')}/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}
