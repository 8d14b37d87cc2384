import { devDoorsOpen, type Env } from '../../config/env.js';

export type BkashConfig = { baseUrl: string; appKey: string; appSecret: string; username: string; password: string };
export type SslCommerzConfig = { baseUrl: string; storeId: string; storePassword: string };

/** The simulators' own credentials, used when no real ones are configured. */
export const SIMULATOR_BKASH = {
  appKey: 'sandbox-app-key',
  appSecret: 'sandbox-app-secret',
  username: 'sandboxTokenizedUser',
  password: 'sandbox-password',
};
export const SIMULATOR_SSLCOMMERZ = { storeId: 'glowb0sandbox', storePassword: 'glowb0sandbox@ssl' };

/** The paths the simulators answer under, shaped like the real gateways' base URLs. */
export const BKASH_SIMULATOR_PATH = '/sandbox/bkash/v1.2.0-beta';
export const SSLCOMMERZ_SIMULATOR_PATH = '/sandbox/sslcommerz';

export const publicBase = (env: Pick<Env, 'PUBLIC_URL'>) => env.PUBLIC_URL.replace(/\/$/, '');

/** The simulators are a development door: never in production, and only while the store listens on loopback. */
export function simulatorEnabled(env: Pick<Env, 'NODE_ENV' | 'PAYMENT_SIMULATOR' | 'HOST'>): boolean {
  return env.PAYMENT_SIMULATOR && devDoorsOpen(env);
}

/**
 * Each gateway is on when its base URL is configured, or (outside production) when the simulator
 * stands in for it on PUBLIC_URL. A configured gateway needs its credentials: a missing one stops
 * startup with a list of what is missing.
 */
export function gatewayConfig(env: Env): { bkash: BkashConfig | null; sslcommerz: SslCommerzConfig | null } {
  const sim = simulatorEnabled(env);
  const problems: string[] = [];
  let bkash: BkashConfig | null = null;
  if (env.BKASH_BASE_URL) {
    const { BKASH_APP_KEY: appKey, BKASH_APP_SECRET: appSecret, BKASH_USERNAME: username, BKASH_PASSWORD: password } = env;
    if (!appKey || !appSecret || !username || !password)
      problems.push('BKASH_BASE_URL is set: BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD are needed too');
    else bkash = { baseUrl: env.BKASH_BASE_URL.replace(/\/$/, ''), appKey, appSecret, username, password };
  } else if (sim) {
    bkash = {
      baseUrl: `${publicBase(env)}${BKASH_SIMULATOR_PATH}`,
      appKey: env.BKASH_APP_KEY ?? SIMULATOR_BKASH.appKey,
      appSecret: env.BKASH_APP_SECRET ?? SIMULATOR_BKASH.appSecret,
      username: env.BKASH_USERNAME ?? SIMULATOR_BKASH.username,
      password: env.BKASH_PASSWORD ?? SIMULATOR_BKASH.password,
    };
  }
  let sslcommerz: SslCommerzConfig | null = null;
  if (env.SSLCOMMERZ_BASE_URL) {
    if (!env.SSLCOMMERZ_STORE_ID || !env.SSLCOMMERZ_STORE_PASSWORD)
      problems.push('SSLCOMMERZ_BASE_URL is set: SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD are needed too');
    else
      sslcommerz = {
        baseUrl: env.SSLCOMMERZ_BASE_URL.replace(/\/$/, ''),
        storeId: env.SSLCOMMERZ_STORE_ID,
        storePassword: env.SSLCOMMERZ_STORE_PASSWORD,
      };
  } else if (sim) {
    sslcommerz = {
      baseUrl: `${publicBase(env)}${SSLCOMMERZ_SIMULATOR_PATH}`,
      storeId: env.SSLCOMMERZ_STORE_ID ?? SIMULATOR_SSLCOMMERZ.storeId,
      storePassword: env.SSLCOMMERZ_STORE_PASSWORD ?? SIMULATOR_SSLCOMMERZ.storePassword,
    };
  }
  if (problems.length) throw new Error(`Invalid payment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return { bkash, sslcommerz };
}
