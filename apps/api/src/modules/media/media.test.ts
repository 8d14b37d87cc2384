import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { ApiErrorBody } from '@store/shared/api';
import type { AuditPage } from '@store/shared/admin-settings';
import { MEDIA_MAX_BYTES, MediaUploadResponseSchema, mediaMessages } from '@store/shared/media';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff } from '../../../test/support/staff.js';
import { mediaDir } from '../../config/env.js';
import { form, type Part } from '../../../test/support/multipart.js';

const solid = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 194, g: 24, b: 91, alpha: 0.5 } : '#c2185b' } });

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400"/></svg>';

describeOnDatabases('staff image uploads', (ctx) => {
  const upload = async (token: string | null, parts: Part[]) => {
    const { payload, contentType } = form(parts);
    return ctx().app.inject({
      method: 'POST',
      url: '/api/v1/admin/media/',
      headers: { 'content-type': contentType, ...(token ? { authorization: `Token ${token}` } : {}) },
      payload,
    });
  };
  const file = (data: Buffer | string, type = 'image/jpeg', filename = 'picture.jpg'): Part => ({ name: 'file', data, filename, type });
  const onDisk = (url: string) => join(mediaDir(ctx().env), url.replace(/^\/media\//, ''));
  const refusal = (body: string) => JSON.parse(body) as ApiErrorBody;

  let editor: string;
  it('a content editor uploads a JPEG: three files, EXIF gone, turned upright, the image JSON and an audit row', async () => {
    const owner = await signedInStaff(ctx().app, ctx().env, 'owner');
    editor = (await signedInStaff(ctx().app, ctx().env, 'content_editor')).client.token!;
    // 1200×600 stored, EXIF orientation 6 (a quarter turn): upright it is 600×1200.
    const jpeg = await solid(1200, 600)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret camera' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(editor, [{ name: 'alt', data: 'Glow Bazaar logo' }, file(jpeg)]);
    expect(res.statusCode, res.body).toBe(200);
    const image = MediaUploadResponseSchema.parse(res.json()).data;
    expect(image).toMatchObject({ alt: 'Glow Bazaar logo', width: 600, height: 1200 });
    expect(image.original).toMatch(/^\/media\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.jpg$/);
    expect(image.webp).toBe(image.original.replace(/\.jpg$/, '.webp'));
    expect(image.mobile).toBe(image.original.replace(/\.jpg$/, '-m.webp'));

    const original = await sharp(readFileSync(onDisk(image.original))).metadata();
    expect(original).toMatchObject({ format: 'jpeg', width: 600, height: 1200 });
    expect(original.exif).toBeUndefined();
    expect(original.orientation).toBeUndefined();
    expect(await sharp(readFileSync(onDisk(image.webp))).metadata()).toMatchObject({ format: 'webp', width: 600, height: 1200 });
    // The phone picture fits the seed's 800×400 box.
    expect(await sharp(readFileSync(onDisk(image.mobile))).metadata()).toMatchObject({ format: 'webp', width: 200, height: 400 });
    // Served where the JSON says.
    const served = await ctx().app.inject({ url: image.webp });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const audit = await owner.client.get('/audit/?entity=media');
    const entries = audit.json<AuditPage>().data;
    expect(entries[0]).toMatchObject({
      action: 'media.upload',
      entity: 'media',
      staff: { email: expect.stringContaining('content_editor') },
    });
    expect(entries[0]!.changes.original).toEqual([null, image.original]);
  });

  it('keeps a transparent PNG transparent (a logo on a coloured header) and the same picture lands on the same files', async () => {
    const png = await solid(880, 240, true).png().toBuffer();
    const first = await upload(editor, [file(png, 'image/png', 'logo.png')]);
    expect(first.statusCode, first.body).toBe(200);
    const image = MediaUploadResponseSchema.parse(first.json()).data;
    expect(image).toMatchObject({ alt: '', width: 880, height: 240 });
    expect(image.original).toMatch(/\.png$/);
    const original = await sharp(readFileSync(onDisk(image.original))).metadata();
    expect(original).toMatchObject({ format: 'png', hasAlpha: true });
    expect((await sharp(readFileSync(onDisk(image.webp))).metadata()).hasAlpha).toBe(true);
    const again = await upload(editor, [file(png, 'image/png', 'copy.png')]);
    expect(MediaUploadResponseSchema.parse(again.json()).data.original).toBe(image.original);
  });

  it('takes WebP and AVIF by their bytes, whatever the name and the declared type say', async () => {
    for (const bytes of [await solid(300, 300).webp().toBuffer(), await solid(300, 300).avif().toBuffer()]) {
      const res = await upload(editor, [file(bytes, 'application/octet-stream', 'picture.txt')]);
      expect(res.statusCode, res.body).toBe(200);
      expect(existsSync(onDisk(MediaUploadResponseSchema.parse(res.json()).data.mobile))).toBe(true);
    }
  });

  it('refuses SVG, text and polyglots with a field message, whatever they are called, and stores nothing', async () => {
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    const png = await solid(300, 300).png().toBuffer();
    const cases: [string, Buffer | string][] = [
      ['svg named .png', SVG],
      ['plain text', 'hello, this is not a picture at all'],
      ['html', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
      // A PNG signature glued onto an SVG, and a JPEG header cut short and followed by a script.
      ['png signature + svg', Buffer.concat([png.subarray(0, 8), Buffer.from(SVG)])],
      ['jpeg header + script', Buffer.concat([jpeg.subarray(0, 200), Buffer.from('<script>alert(1)</script>')])],
      // A WebP signature in front of PNG pixels: the decoder disagrees with the signature.
      ['webp riff + png', Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP'), png])],
    ];
    for (const [name, data] of cases) {
      const res = await upload(editor, [file(data, 'image/png', 'logo.png')]);
      expect(res.statusCode, name).toBe(400);
      expect(refusal(res.body).error, name).toMatchObject({ code: 'validation_failed', fields: { file: mediaMessages.notAnImage } });
    }
  });

  it('refuses a file over 8 MB with 413, and pictures too small or too large with 400', async () => {
    const big = await upload(editor, [file(Buffer.alloc(MEDIA_MAX_BYTES + 1, 0xff))]);
    expect(big.statusCode).toBe(413);
    expect(refusal(big.body).error).toMatchObject({ code: 'payload_too_large', fields: { file: mediaMessages.tooLarge } });

    const small = await upload(editor, [file(await solid(199, 400).png().toBuffer(), 'image/png')]);
    expect(small.statusCode).toBe(400);
    expect(refusal(small.body).error.fields).toEqual({ file: mediaMessages.tooSmall });

    const huge = await upload(editor, [file(await solid(8001, 200).png().toBuffer(), 'image/png')]);
    expect(huge.statusCode).toBe(400);
    expect(refusal(huge.body).error.fields).toEqual({ file: mediaMessages.tooBig });
  });

  it('asks for a file when none is sent, and for a short alt text', async () => {
    const none = await upload(editor, [{ name: 'alt', data: 'nothing' }]);
    expect(none.statusCode).toBe(400);
    expect(refusal(none.body).error.fields).toEqual({ file: mediaMessages.fileRequired });
    const json = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/admin/media/',
      headers: { authorization: `Token ${editor}` },
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    const long = await upload(editor, [{ name: 'alt', data: 'a'.repeat(301) }, file(await solid(300, 300).jpeg().toBuffer())]);
    expect(long.statusCode).toBe(400);
    expect(refusal(long.body).error.fields).toEqual({ alt: mediaMessages.altTooLong });
  });

  it("an uploaded logo set in the settings is the storefront header's logo at once; a URL from elsewhere is refused", async () => {
    const owner = await signedInStaff(ctx().app, ctx().env, 'owner');
    const res = await upload(owner.client.token, [file(await solid(880, 240, true).png().toBuffer(), 'image/png', 'logo.png')]);
    const logo = MediaUploadResponseSchema.parse(res.json()).data.webp;
    const patched = await owner.client.patch('/settings/', { logo, logo_logged: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<{ data: { logo: string | null } }>().data.logo).toBe(logo);
    type Basic = { data: { data: { logo: string | null; logo_logged: string | null } } };
    const basic = await ctx().app.inject({ url: '/api/v1/basic-settings/' });
    expect(basic.json<Basic>().data.data).toMatchObject({ logo, logo_logged: null });

    for (const bad of ['https://evil.example/logo.png', '/media/../secret.png', 'javascript:alert(1)']) {
      const refused = await owner.client.patch('/settings/', { logo: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refusal(refused.body).error.fields, bad).toHaveProperty('logo');
    }
    const kept = await ctx().app.inject({ url: '/api/v1/basic-settings/' });
    expect(kept.json<Basic>().data.data.logo).toBe(logo);
  });

  it('answers 401 without a staff token and 403 to a role that edits neither catalog, content nor settings', async () => {
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    const anonymous = await upload(null, [file(jpeg)]);
    expect(anonymous.statusCode).toBe(401);
    expect(refusal(anonymous.body).error.code).toBe('login_required');
    const fulfilment = await signedInStaff(ctx().app, ctx().env, 'fulfilment');
    const denied = await upload(fulfilment.client.token, [file(jpeg)]);
    expect(denied.statusCode).toBe(403);
    expect(refusal(denied.body).error.code).toBe('forbidden');
    const catalog = await signedInStaff(ctx().app, ctx().env, 'catalog_editor');
    expect((await upload(catalog.client.token, [file(jpeg)])).statusCode).toBe(200);
  });
});
