import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every configuration key, parsed once at startup. A bad value stops startup with a list of every problem. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the shop, used in links sent by SMS and email. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A PostgreSQL server; without it the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DATA_DIR: z.string().default('./data'),
  /** Product and banner images; defaults to DATA_DIR/media. Served at /media/. */
  MEDIA_DIR: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Redis for rate limits and caches across processes; in memory without it. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  /** The React Router build folder served by this process (apps/web/build by default). */
  WEB_BUILD_DIR: z.string().optional(),
  /** Seed the demo shop when the database is empty. */
  SEED_DEMO: bool.default(true),
  SUPPORT_PHONE: z.string().default('+8809610001010'),
  SUPPORT_EMAIL: z.email().default('care@glowbazaar.com.bd'),
  WHATSAPP_NUMBER: z.string().default('+8801711000000'),
  /** A trusted CDN header carrying the visitor's ISO country code (e.g. cf-ipcountry); unset means none is trusted. */
  COUNTRY_HEADER: z.string().optional(),
  /** Facebook pixel id: the tracking pixel runs in the header only when set. */
  FACEBOOK_PIXEL_ID: z.string().regex(/^\d+$/, 'must be digits').optional(),
  /** A locale or region prefix the not-found page also answers under, e.g. 'en-bd'. */
  LOCALE_PREFIX: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/, 'must look like en or en-bd').optional(),
});
export type Env = z.infer<typeof EnvSchema>;

export const mediaDir = (env: Pick<Env, 'MEDIA_DIR' | 'DATA_DIR'>) => env.MEDIA_DIR ?? `${env.DATA_DIR.replace(/\/$/, '')}/media`;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the given variables (process.env at startup); blank values count as unset. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return result.data;
}
