import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every configuration key, parsed once at startup. A bad value stops startup with a list of every problem. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: 127.0.0.1 outside production (development endpoints must not be reachable from the network), 0.0.0.0 in production. */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The shop's public origin, used in every link it sends (SMS, e-mail) and in the gateways' return
   * addresses. Required in production; in development it follows the listening address
   * (http://localhost:PORT on loopback).
   */
  PUBLIC_URL: z.url().optional(),
  /** Trust X-Forwarded-* from a proxy in front (load balancer, CDN): true, or its addresses/CIDRs comma-separated. Off by default, so per-IP limits cannot be dodged with a forged header. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((s) => s.trim()))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A PostgreSQL server; without it the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** A read replica of DATABASE_URL: the catalog's and search's reads go there (docs/deployment.md). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  /** Product and banner images; defaults to DATA_DIR/media. Served at /media/. */
  MEDIA_DIR: z.string().optional(),
  /**
   * Pictures in an S3-compatible bucket instead of MEDIA_DIR (docs/deployment.md, "Media"): the bucket,
   * its region, the service's address for one that is not AWS (R2, Spaces, MinIO), path-style
   * addressing, keys (unset: the SDK's own chain), and where browsers load the pictures from (the
   * bucket's public URL or a CDN in front of it).
   */
  MEDIA_S3_BUCKET: z.string().optional(),
  MEDIA_S3_REGION: z.string().default('us-east-1'),
  MEDIA_S3_ENDPOINT: z.url().optional(),
  MEDIA_S3_PATH_STYLE: bool.default(false),
  MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
  MEDIA_PUBLIC_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Milliseconds to open a connection to PostgreSQL before giving up (the request answers 503). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** Milliseconds a query may wait for its answer (client side) before the request answers 503. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** PostgreSQL's statement_timeout for the store's sessions: the server cancels a statement that runs longer. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(8000),
  /** Redis for rate limits and caches across processes; in memory without it. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Milliseconds a client may take to send a whole request body before it is cut off (slow-body attacks). */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  /** Open connections allowed from one IP address at a time; more are refused with 429. */
  CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(64),
  /** Serve the OpenAPI docs at /api/docs. Default: on outside production, off in production. */
  API_DOCS: bool.optional(),
  /** Seconds an anonymous shopper's page is shared with the next ones (0: every page is rendered afresh). See docs/performance.md. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /**
   * A CDN in front: the URL told which tags to purge when the catalog or the content changes (a POST of
   * `{"tags": ["catalog", "content"]}`, with CDN_PURGE_TOKEN as a bearer token). Unset: nothing is purged.
   */
  CDN_PURGE_URL: z.url().optional(),
  CDN_PURGE_TOKEN: z.string().optional(),
  /** OpenTelemetry traces over OTLP/HTTP when set (the OpenTelemetry convention): the collector's base URL, or its traces URL. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().default('glowbazaar-store'),
  /** Prometheus scrapes /metrics from this machine; from elsewhere only with this bearer token (unset: loopback only). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The React Router build folder served by this process (apps/web/build by default). */
  WEB_BUILD_DIR: z.string().optional(),
  /**
   * The server's own secret (32+ characters, e.g. `openssl rand -base64 48`): keys are derived from it to
   * seal staff TOTP secrets at rest and to sign short-lived cookies. Keep it out of the database's backups.
   * Outside production a fixed development key stands in; in production, staff two-factor needs it.
   */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Minutes a back-office session may sit unused before it ends (it ends after 12 hours regardless). */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  /**
   * Seed the demo shop at boot when the database is empty. Default: on with the embedded database
   * (`npm start` for a newcomer), off with DATABASE_URL. Never at boot in production: seed a
   * production database deliberately with `npm run db:seed`.
   */
  SEED_DEMO: bool.optional(),
  /**
   * Apply pending migrations at boot. Default: on, except in production on PostgreSQL, where
   * `npm run db:migrate` is a release step and an app process whose schema is behind refuses to start.
   */
  MIGRATE_ON_BOOT: bool.optional(),
  SUPPORT_PHONE: z.string().default('+8809610001010'),
  SUPPORT_EMAIL: z.email().default('care@glowbazaar.com.bd'),
  WHATSAPP_NUMBER: z.string().default('+8801711000000'),
  /** A trusted CDN header carrying the visitor's ISO country code (e.g. cf-ipcountry); unset means none is trusted. */
  COUNTRY_HEADER: z.string().optional(),
  /** Facebook pixel id: the tracking pixel runs in the header only when set. */
  FACEBOOK_PIXEL_ID: z.string().regex(/^\d+$/, 'must be digits').optional(),
  /** A locale or region prefix the not-found page also answers under, e.g. 'en-bd'. */
  LOCALE_PREFIX: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]{2})?$/, 'must look like en or en-bd')
    .optional(),
  // Accounts and notifications (issue 5).
  /** Email goes over SMTP when set (smtp://user:pass@host:587, smtps://… for TLS); without it, to the development outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Glow Bazaar <no-reply@glowbazaar.com.bd>'),
  /** 'http' sends SMS through the BulkSMSBD HTTP API (SMS_API_URL, SMS_API_KEY, SMS_SENDER_ID); 'outbox' only stores them (development). */
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_API_URL: z.url().default('https://bulksmsbd.net/api/smsapi'),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().optional(),
  /** Sending caps for codes and links: per phone or email per hour, per IP per hour, and for the whole shop per day. */
  SEND_LIMIT_PER_TARGET_HOUR: z.coerce.number().int().min(1).default(5),
  SEND_LIMIT_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  SEND_LIMIT_PER_DAY: z.coerce.number().int().min(1).default(5000),
  /** The shop-wide hourly budget for messages anonymous visitors cause; the log warns at 80 % of it. */
  SEND_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(600),
  /** Codes per hour to the numbers of one operator prefix (e.g. 017, Grameenphone), against pumping through one operator. */
  SEND_LIMIT_PER_PREFIX_HOUR: z.coerce.number().int().min(1).default(300),
  /** The separate hourly budget for signed-in customers and verified guests (their resends are never starved by anonymous abuse). */
  SEND_LIMIT_TRUSTED_PER_HOUR: z.coerce.number().int().min(1).default(600),
  /** Failed sign-ins allowed per account and per IP in 15 minutes before a 429. */
  LOGIN_FAIL_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_FAIL_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  /** Social login: a provider is offered only when its client id and secret are set. The issuer overrides discovery (OpenID Connect). */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  /** Unset: Facebook Login's OAuth 2 endpoints and the Graph API. Set: an OpenID Connect issuer. */
  FACEBOOK_ISSUER: z.url().optional(),
  INSTAGRAM_CLIENT_ID: z.string().optional(),
  INSTAGRAM_CLIENT_SECRET: z.string().optional(),
  /** Unset: Instagram Login's OAuth 2 endpoints and the Graph API. Set: an OpenID Connect issuer. */
  INSTAGRAM_ISSUER: z.url().optional(),
  // Payments (issue 7). Outside production, a gateway without a base URL is served by its simulator on PUBLIC_URL.
  /** Off: no simulators even in development (the gateways then need their base URLs). Never mounted in production. */
  PAYMENT_SIMULATOR: bool.default(true),
  /** bKash Tokenized Checkout, e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta (live: https://tokenized.pay.bka.sh/v1.2.0-beta). */
  BKASH_BASE_URL: z.url().optional(),
  BKASH_APP_KEY: z.string().optional(),
  BKASH_APP_SECRET: z.string().optional(),
  BKASH_USERNAME: z.string().optional(),
  BKASH_PASSWORD: z.string().optional(),
  /** SSLCommerz, e.g. https://sandbox.sslcommerz.com (live: https://securepay.sslcommerz.com). */
  SSLCOMMERZ_BASE_URL: z.url().optional(),
  SSLCOMMERZ_STORE_ID: z.string().optional(),
  SSLCOMMERZ_STORE_PASSWORD: z.string().optional(),
  /** Minutes an unpaid bKash or card order holds its items (stock) for the shopper to pay or retry; then it is cancelled. */
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(5).max(120).default(15),
  /** How often pending gateway payments are checked with the gateway and missed confirmations sent; 0 turns it off. */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How often the loyalty programme's upkeep runs (expiry, warnings, tier reviews, birthday vouchers); 0 turns it off. */
  LOYALTY_UPKEEP_SECONDS: z.coerce.number().int().min(0).default(3600),
  // Couriers (issue 18). Outside production a courier without its keys is served by its simulator on PUBLIC_URL; in production it is not offered.
  /** Steadfast merchant API v1, default https://portal.packzy.com/api/v1; the keys from the merchant portal. */
  STEADFAST_BASE_URL: z.url().optional(),
  STEADFAST_API_KEY: z.string().optional(),
  STEADFAST_SECRET_KEY: z.string().optional(),
  /** The Bearer token typed into Steadfast's webhook settings; unset: webhooks are refused and polling alone follows parcels. */
  STEADFAST_WEBHOOK_TOKEN: z.string().optional(),
  /** Pathao merchant API, default https://api-hermes.pathao.com (sandbox: https://courier-api-sandbox.pathao.com). */
  PATHAO_BASE_URL: z.url().optional(),
  PATHAO_CLIENT_ID: z.string().optional(),
  PATHAO_CLIENT_SECRET: z.string().optional(),
  PATHAO_USERNAME: z.string().optional(),
  PATHAO_PASSWORD: z.string().optional(),
  PATHAO_STORE_ID: z.coerce.number().int().min(1).optional(),
  /** The webhook secret set in Pathao's merchant panel (sent back as X-PATHAO-Signature). */
  PATHAO_WEBHOOK_SECRET: z.string().optional(),
  /** RedX OpenAPI, default https://openapi.redx.com.bd/v1.0.0-beta (sandbox: https://sandbox.redx.com.bd/v1.0.0-beta). */
  REDX_BASE_URL: z.url().optional(),
  REDX_API_TOKEN: z.string().optional(),
  /** The token in the query string of the callback URL given to RedX (?token=…). */
  REDX_WEBHOOK_TOKEN: z.string().optional(),
  /** Seconds between polls of the couriers about parcels on the way; 0 turns it off. */
  COURIER_POLL_SECONDS: z.coerce.number().int().min(0).default(300),
  // Limits on what one shopper may pile up, and the clean-up job (issue 13).
  /** Addresses one customer or guest may keep, per type (shipping, billing). */
  MAX_ADDRESSES_PER_SHOPPER: z.coerce.number().int().min(1).max(1000).default(20),
  /** New visitor bags one IP may start per hour. */
  NEW_BAGS_PER_IP_HOUR: z.coerce.number().int().min(1).default(100),
  /** Days an untouched visitor bag (no account) is kept before the clean-up job removes it. */
  VISITOR_BAG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Minutes between runs of the clean-up job (expired sessions, codes, links, old visitor bags, sent outbox rows); 0 turns it off. */
  CLEANUP_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  /** Days a delivered SMS or email stays in the outbox table before the clean-up job removes it. */
  OUTBOX_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The share of storefront page loads whose browser sends its Web Vitals to POST /api/v1/rum/ (0 turns it off). */
  RUM_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.25),
  /** Beacons one IP may send per minute; more are refused (429) and dropped. */
  RUM_BEACONS_PER_IP_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Days a Web Vitals sample is kept before the clean-up job removes it. */
  RUM_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * A Sentry DSN (or a compatible service's: GlitchTip, a self-hosted Sentry) for the storefront's browser errors and
   * session replays. Unset: no error-reporting code is ever loaded. The browser posts its reports to POST /api/v1/rum/errors/,
   * which forwards those of this DSN only.
   */
  SENTRY_DSN: z.url().optional(),
  /** The environment the reports are filed under (default: NODE_ENV). */
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  /** Error reports (envelopes: an error, a replay segment) one IP may send per minute; more are refused (429) and dropped. */
  ERROR_REPORTS_PER_IP_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * Whether this process runs the background jobs (pg-boss: payments, unpaid orders, couriers, publishing, clean-up).
   * Default on (off in tests). Any number of processes may: each job runs once across them. false: a process that only serves.
   */
  JOBS_WORKERS: bool.optional(),
});
export type Env = Omit<z.infer<typeof EnvSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/** Where the server listens: loopback outside production unless HOST says otherwise. */
export const listenHost = (env: Pick<Env, 'HOST' | 'NODE_ENV'>) => env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');

/** Loopback addresses and names: only this machine reaches them. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The development doors (the outbox that shows every sign-in code, the payment simulators, the
 * settings endpoint) open only outside production and only while the store listens on loopback.
 */
export const devDoorsOpen = (env: Pick<Env, 'HOST' | 'NODE_ENV'>) => env.NODE_ENV !== 'production' && isLoopback(listenHost(env));

/** The public origin when PUBLIC_URL is unset (development): the listening address, as a browser on this machine opens it. */
function listeningUrl(env: Pick<Env, 'HOST' | 'NODE_ENV' | 'PORT'>): string {
  const host = listenHost(env);
  const name = isLoopback(host) || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${env.PORT}`;
}

/** Seeds the demo shop at boot (SEED_DEMO): by default on the embedded database only, never in production. */
export const seedAtBoot = (env: Pick<Env, 'SEED_DEMO' | 'DATABASE_URL' | 'NODE_ENV'>) =>
  env.NODE_ENV !== 'production' && (env.SEED_DEMO ?? !env.DATABASE_URL);

/** Migrates at boot (MIGRATE_ON_BOOT): by default everywhere but production on PostgreSQL, where it is a release step. */
export const migrateAtBoot = (env: Pick<Env, 'MIGRATE_ON_BOOT' | 'DATABASE_URL' | 'NODE_ENV'>) =>
  env.MIGRATE_ON_BOOT ?? !(env.NODE_ENV === 'production' && env.DATABASE_URL);

export const mediaDir = (env: Pick<Env, 'MEDIA_DIR' | 'DATA_DIR'>) => env.MEDIA_DIR ?? `${env.DATA_DIR.replace(/\/$/, '')}/media`;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Settings that need one another: a replica its primary; a bucket the address its pictures are loaded from, and both keys or neither. */
function pairedProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) problems.push('DATABASE_READ_URL: a replica needs its primary in DATABASE_URL');
  if (!env.MEDIA_S3_BUCKET) return problems;
  if (!env.MEDIA_PUBLIC_URL)
    problems.push('MEDIA_PUBLIC_URL: with MEDIA_S3_BUCKET, say where browsers load the pictures (the bucket’s public URL or its CDN)');
  if (!env.MEDIA_S3_ACCESS_KEY_ID !== !env.MEDIA_S3_SECRET_ACCESS_KEY)
    problems.push('MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds its own)');
  return problems;
}

/** Parses the given variables (process.env at startup); blank values count as unset. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const problems = [...pairedProblems(result.data), ...productionProblems(result.data)];
  if (problems.length) throw new EnvError(problems);
  return { ...result.data, PUBLIC_URL: (result.data.PUBLIC_URL ?? listeningUrl(result.data)).replace(/\/$/, '') };
}

/** What production refuses to start without: its public address, sign-in codes that reach phones over an encrypted connection, and its secret. */
function productionProblems(env: z.infer<typeof EnvSchema>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL: production needs the address shoppers use (e.g. https://shop.example.com); every e-mailed link and payment return is built from it',
    );
  if (env.SMS_PROVIDER !== 'http')
    problems.push(
      'SMS_PROVIDER: production needs a real SMS gateway (http, with SMS_API_KEY and SMS_SENDER_ID); the outbox delivers nothing',
    );
  if (!env.SMS_API_URL.startsWith('https://')) problems.push('SMS_API_URL: production sends codes over https only');
  if (!env.SECRET_KEY)
    problems.push(
      'SECRET_KEY: production needs a secret of 32+ characters (e.g. `openssl rand -base64 48`); staff two-factor secrets and the staff preview are sealed with it',
    );
  if (env.SEED_DEMO)
    problems.push('SEED_DEMO: production never seeds the demo shop at boot; seed a database deliberately with `npm run db:seed`');
  return problems;
}
