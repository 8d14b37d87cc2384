import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@store/shared/constants';

/** An opaque secret for sessions and links: 32 random bytes, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Six random digits from the CSPRNG (leading zeros kept). */
export const generateCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

export const newSalt = () => randomBytes(16).toString('hex');

/** Codes are short, so the hash is salted per code and bound to where it was sent. */
export const hashCode = (salt: string, target: string, code: string) => sha256(`${salt}:${target}:${code}`);

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
