import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Env } from '../../config/env.js';
import { AppError } from '../../lib/errors.js';
import { serverKey } from '../../lib/secrets.js';

/**
 * TOTP secrets are sealed at rest (AES-256-GCM, a key derived from SECRET_KEY): a copy of the
 * database alone does not let anyone generate a staff member's codes.
 */
function key(env: Pick<Env, 'SECRET_KEY' | 'NODE_ENV'>): Buffer {
  const k = serverKey(env, 'staff-totp');
  if (!k) throw new AppError('unavailable', 'Two-factor sign-in needs SECRET_KEY in the server configuration');
  return k;
}

export function seal(env: Pick<Env, 'SECRET_KEY' | 'NODE_ENV'>, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(env), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function unseal(env: Pick<Env, 'SECRET_KEY' | 'NODE_ENV'>, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown sealed format');
  const decipher = createDecipheriv('aes-256-gcm', key(env), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
