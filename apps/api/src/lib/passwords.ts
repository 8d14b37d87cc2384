import { hash, verify, type Options } from '@node-rs/argon2';
import type { Env } from '../config/env.js';

/** argon2id (the library's default algorithm). OWASP's minimum in production; tiny costs in tests only, so suites stay fast. */
function options(env: Pick<Env, 'NODE_ENV'>): Options {
  return env.NODE_ENV === 'test' ? { memoryCost: 1024, timeCost: 1, parallelism: 1 } : { memoryCost: 19456, timeCost: 2, parallelism: 1 };
}

export const hashPassword = (env: Pick<Env, 'NODE_ENV'>, password: string) => hash(password, options(env));

let dummy: Promise<string> | null = null;

/**
 * Checks a password; with no stored hash it still spends the time of one verification, so a
 * wrong email and a wrong password take as long.
 */
export async function verifyPassword(env: Pick<Env, 'NODE_ENV'>, stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(env, 'not-a-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
