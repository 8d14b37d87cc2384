import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { ProductImage } from '@store/shared/catalog';
import { MEDIA_MAX_SIDE, MEDIA_MIN_SIDE, mediaMessages, type MediaFormat } from '@store/shared/media';
import type { RequestCtx } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { recordAudit } from '../staff/index.js';
import { encodeImage, mobileSize } from './convert.js';
import type { MediaStorage } from './storage.js';

/** What an upload needs: the request's context (the audit row says who) and where the files go. */
export type MediaCtx = RequestCtx & { storage: MediaStorage };

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/**
 * The format the first bytes announce, or null. An SVG, HTML or script never starts with one of
 * these signatures, so whatever a file is called or claims to be, only these four get further.
 */
export function sniffFormat(bytes: Buffer): MediaFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'avif';
  return null;
}

/** The format sharp's decoder found agrees with the signature (AVIF is a HEIF with AV1 inside). */
function decoderAgrees(format: MediaFormat, meta: Metadata): boolean {
  if (format === 'avif') return meta.format === 'heif' && meta.compression === 'av1';
  return meta.format === format;
}

const refuse = (message: string) => badRequest(message, { file: message });

/** Decoder options: a picture larger than the limit is refused before its pixels are allocated. */
const DECODE = { failOn: 'error', limitInputPixels: MEDIA_MAX_SIDE * MEDIA_MAX_SIDE } as const;

/**
 * Checks one uploaded picture by its content (format, dimensions), re-encodes it into the shop's
 * three files (EXIF and every other metadata dropped, turned upright first), stores them under a
 * key made from the picture's hash (the same picture uploaded twice lands on the same files), and
 * records the upload in the audit log. Answers the image as the catalog and content serve images.
 */
export async function storeUpload(ctx: MediaCtx, bytes: Buffer, alt: string): Promise<ProductImage> {
  const format = sniffFormat(bytes);
  if (!format) throw refuse(mediaMessages.notAnImage);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, DECODE).metadata();
  } catch {
    throw refuse(mediaMessages.notAnImage);
  }
  if (!decoderAgrees(format, meta) || !meta.width || !meta.height) throw refuse(mediaMessages.notAnImage);
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  const width = quarterTurn ? meta.height : meta.width;
  const height = quarterTurn ? meta.width : meta.height;
  if (width < MEDIA_MIN_SIDE || height < MEDIA_MIN_SIDE) throw refuse(mediaMessages.tooSmall);
  if (width > MEDIA_MAX_SIDE || height > MEDIA_MAX_SIDE) throw refuse(mediaMessages.tooBig);

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    const upright = sharp(bytes, DECODE).rotate().toColourspace('srgb');
    decoded = await (meta.hasAlpha ? upright.ensureAlpha() : upright.removeAlpha()).raw().toBuffer({ resolveWithObject: true });
  } catch {
    // The header was good but the pixels are not (a truncated file, a header glued onto something else).
    throw refuse(mediaMessages.notAnImage);
  }
  const { data, info } = decoded;
  const encoded = await encodeImage(
    { data, width: info.width, height: info.height, channels: info.channels },
    mobileSize(info.width, info.height),
  );

  const hash = createHash('sha256').update(bytes).digest('hex');
  const base = `uploads/${hash.slice(0, 2)}/${hash.slice(0, 32)}`;
  const originalExt = encoded.original.format === 'png' ? 'png' : 'jpg';
  const keys = { original: `${base}.${originalExt}`, webp: `${base}.webp`, mobile: `${base}-m.webp` };
  await Promise.all([
    ctx.storage.put(keys.original, encoded.original.bytes, `image/${encoded.original.format}`),
    ctx.storage.put(keys.webp, encoded.webp, 'image/webp'),
    ctx.storage.put(keys.mobile, encoded.mobile.bytes, 'image/webp'),
  ]);
  const image: ProductImage = {
    original: ctx.storage.url(keys.original),
    webp: ctx.storage.url(keys.webp),
    mobile: ctx.storage.url(keys.mobile),
    alt,
    width: info.width,
    height: info.height,
  };
  await recordAudit(ctx, { action: 'media.upload', entity: 'media', entityId: base, after: { ...image, bytes: bytes.length, format } });
  return image;
}
