import { createHash, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@store/shared/constants';
import type { Env } from '../config/env.js';

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

/** Stands in for SECRET_KEY outside production only: development and tests need no configuration. */
const DEVELOPMENT_SECRET_KEY = 'development-only secret key: set SECRET_KEY in production';

/**
 * A 32-byte key for one purpose ('staff-totp', 'staff-preview'…), derived from SECRET_KEY with HKDF,
 * so no two uses share a key. Null in production when SECRET_KEY is not set.
 */
export function serverKey(env: Pick<Env, 'SECRET_KEY' | 'NODE_ENV'>, purpose: string): Buffer | null {
  const secret = env.SECRET_KEY ?? (env.NODE_ENV === 'production' ? null : DEVELOPMENT_SECRET_KEY);
  if (!secret) return null;
  return Buffer.from(hkdfSync('sha256', secret, 'glow-bazaar', purpose, 32));
}
