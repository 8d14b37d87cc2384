import sharp, { type Sharp } from 'sharp';

/**
 * The one sharp pipeline of the shop: the demo seed (db/seed/images.ts) and staff uploads encode
 * every picture into the same three files — the original (JPEG; PNG when it has transparency, so a
 * logo keeps it), a WebP at the same size, and a small WebP for phones — with the same settings.
 */

/** Encoder settings. WebP effort 1 is twice as fast as the default search for a few percent more bytes. */
export const ENCODING = {
  jpeg: { quality: 84, progressive: true },
  png: { compressionLevel: 9, adaptiveFiltering: true },
  webp: { quality: 80, effort: 1 },
  mobile: { quality: 78, effort: 2 },
} as const;

/** The phone picture fits inside this box, never enlarged: a 1000×1000 product gives 400×400, a 1600×600 banner 800×300. */
export const MOBILE_BOX = { width: 800, height: 400 } as const;

export function mobileSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MOBILE_BOX.width / width, MOBILE_BOX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Decoded pixels: one decode feeds the three encoders. */
export type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

export type EncodedImage = {
  original: { bytes: Buffer; format: 'jpeg' | 'png' };
  webp: Buffer;
  mobile: { bytes: Buffer; width: number; height: number };
};

const fromPixels = (p: Pixels): Sharp => sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } });

/**
 * The three files of one picture. `mobile` is the phone size to shrink the pixels to, or a picture
 * of its own (the seed redraws wide pictures for phones so their text stays readable).
 */
export async function encodeImage(
  pixels: Pixels,
  mobile: { width: number; height: number } | { image: Sharp; width: number; height: number },
): Promise<EncodedImage> {
  const alpha = pixels.channels === 2 || pixels.channels === 4;
  const phone = 'image' in mobile ? mobile.image : fromPixels(pixels).resize(mobile.width, mobile.height);
  const [original, webp, small] = await Promise.all([
    alpha ? fromPixels(pixels).png(ENCODING.png).toBuffer() : fromPixels(pixels).jpeg(ENCODING.jpeg).toBuffer(),
    fromPixels(pixels).webp(ENCODING.webp).toBuffer(),
    phone.webp(ENCODING.mobile).toBuffer(),
  ]);
  return {
    original: { bytes: original, format: alpha ? 'png' : 'jpeg' },
    webp,
    mobile: { bytes: small, width: mobile.width, height: mobile.height },
  };
}

/** Rasterises an SVG the seed drew, opaque on white (an alpha plane only slows the encoders down). */
export async function rasterise(svg: string): Promise<Pixels> {
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}
