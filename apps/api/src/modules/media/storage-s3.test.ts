import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaUploadResponseSchema } from '@store/shared/media';
import { EnvError, parseEnv } from '../../config/env.js';
import { productJob, renderImages, writeText } from '../../db/seed/images.js';
import { createTestApp } from '../../../test/support/app.js';
import { form } from '../../../test/support/multipart.js';
import { signedInStaff } from '../../../test/support/staff.js';
import { S3MediaStorage } from './storage-s3.js';

/*
 * Issue 19, media: the storage interface's S3 adapter (@aws-sdk/client-s3) against s3rver, a local
 * S3-compatible server from the npm registry. Uploads and the seed's pictures land in the bucket; the
 * shop's /media/ URLs send the browser to the bucket's public URL, which the CSP allows.
 */

const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
let server: S3rver;
let endpoint = '';
const BUCKET = 'shop-media';

beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const storage = () =>
  new S3MediaStorage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    publicUrl: `${endpoint}/${BUCKET}`,
  });

describe('S3MediaStorage', () => {
  it('puts, finds, serves with a year of cache, and deletes a file; keys stay plain paths', async () => {
    const s = storage();
    await s.put('uploads/ab/abcdef.webp', Buffer.from('pixels'), 'image/webp');
    expect(await s.exists('uploads/ab/abcdef.webp')).toBe(true);
    expect(s.url('uploads/ab/abcdef.webp')).toBe('/media/uploads/ab/abcdef.webp');
    const res = await fetch(s.publicUrl('uploads/ab/abcdef.webp'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('pixels');
    await s.delete('uploads/ab/abcdef.webp');
    expect(await s.exists('uploads/ab/abcdef.webp')).toBe(false);
    await expect(s.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/bad media key/);
    s.close();
  });

  it("takes the seed's pictures and files, and a second seed run finds them in place", async () => {
    const s = storage();
    const job = productJob('products/s3-test-serum', { shape: 'bottle', color: '#c2185b', brand: 'Test', label: 'Serum', view: 1 });
    expect(await renderImages(s, [job])).toBe(1);
    await writeText(s, 'brand/s3-logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const key of ['products/s3-test-serum.jpg', 'products/s3-test-serum.webp', 'products/s3-test-serum-m.webp', 'brand/s3-logo.svg'])
      expect(await s.exists(key), key).toBe(true);
    expect((await fetch(s.publicUrl('brand/s3-logo.svg'))).headers.get('content-type')).toBe('image/svg+xml');
    expect(await renderImages(s, [job])).toBe(0);
    s.close();
  });
});

describe('the shop with its pictures in a bucket', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: {
        MEDIA_S3_BUCKET: BUCKET,
        MEDIA_S3_ENDPOINT: endpoint,
        MEDIA_S3_PATH_STYLE: 'true',
        MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
        MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
        MEDIA_PUBLIC_URL: `${endpoint}/${BUCKET}`,
      },
    });
  });
  afterAll(() => t.close());

  it('puts an upload in the bucket; /media/ sends the browser there; the page policy allows it', async () => {
    const editor = (await signedInStaff(t.app, t.env, 'content_editor')).client.token!;
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c2185b' } })
      .png()
      .toBuffer();
    const { payload, contentType } = form([{ name: 'file', data: png, filename: 'banner.png', type: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/media/',
      headers: { 'content-type': contentType, authorization: `Token ${editor}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const image = MediaUploadResponseSchema.parse(res.json()).data;
    expect(image.webp).toMatch(/^\/media\/uploads\//);
    const redirect = await t.app.inject(image.webp);
    expect(redirect.statusCode).toBe(301);
    const target = redirect.headers.location as string;
    expect(target).toBe(`${endpoint}/${BUCKET}/${image.webp.replace(/^\/media\//, '')}`);
    const stored = await fetch(target);
    expect(stored.status).toBe(200);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width).toBe(640);
    expect((await t.app.inject('/media/..%2Fsecret')).statusCode).toBe(404);
    const csp = String((await t.app.inject('/healthz')).headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`img-src [^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`));
  });

  it('refuses a bucket without the address its pictures are loaded from, or with half its keys', () => {
    expect(() => parseEnv({ MEDIA_S3_BUCKET: BUCKET })).toThrow(EnvError);
    expect(() => parseEnv({ MEDIA_S3_BUCKET: BUCKET, MEDIA_PUBLIC_URL: 'https://cdn.example.com', MEDIA_S3_ACCESS_KEY_ID: 'x' })).toThrow(
      /set both, or neither/,
    );
  });
});
