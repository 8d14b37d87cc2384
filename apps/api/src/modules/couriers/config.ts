import type { Courier } from '@store/shared/checkout-rules';
import { devDoorsOpen, type Env } from '../../config/env.js';

export type SteadfastConfig = { baseUrl: string; apiKey: string; secretKey: string; webhookToken: string | null };
export type PathaoConfig = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId: number;
  webhookSecret: string | null;
};
export type RedxConfig = { baseUrl: string; apiToken: string; webhookToken: string | null };

export type CourierConfigs = {
  steadfast: SteadfastConfig | null;
  pathao: PathaoConfig | null;
  redx: RedxConfig | null;
  /** Which of them the built-in simulators stand in for. */
  simulated: Record<Courier, boolean>;
};

/** The couriers' production addresses (bd-integrations.md); a *_BASE_URL points elsewhere (a sandbox). */
export const COURIER_DEFAULT_URLS = {
  steadfast: 'https://portal.packzy.com/api/v1',
  pathao: 'https://api-hermes.pathao.com',
  redx: 'https://openapi.redx.com.bd/v1.0.0-beta',
} as const;

/** Where the simulators answer, shaped like each courier's base URL. */
export const COURIER_SIMULATOR_ROOT = '/dev/couriers';
export const SIMULATOR_PATHS: Record<Courier, string> = {
  steadfast: `${COURIER_SIMULATOR_ROOT}/steadfast/api/v1`,
  pathao: `${COURIER_SIMULATOR_ROOT}/pathao`,
  redx: `${COURIER_SIMULATOR_ROOT}/redx/v1.0.0-beta`,
};

/** The simulators' own credentials (Pathao's are the sandbox ones Pathao publishes). */
export const SIMULATOR_STEADFAST = {
  apiKey: 'sandbox-steadfast-api-key',
  secretKey: 'sandbox-steadfast-secret-key',
  webhookToken: 'sandbox-steadfast-webhook-token',
};
export const SIMULATOR_PATHAO = {
  clientId: '7N1aMJQbWm',
  clientSecret: 'wRcaibZkUdSNz2EI9ZyuXLlNrnAv0TdPUPXMnD39',
  username: 'test@pathao.com',
  password: 'lovePathao',
  storeId: 148_001,
  webhookSecret: 'sandbox-pathao-webhook-secret',
};
export const SIMULATOR_REDX = { apiToken: 'sandbox-redx-api-token', webhookToken: 'sandbox-redx-webhook-token' };

/** Where the shop hears each courier (the URL to give it; RedX's carries ?token=). */
export const WEBHOOK_PATHS: Record<Courier, string> = {
  steadfast: '/api/v1/couriers/steadfast/webhook',
  pathao: '/api/v1/couriers/pathao/webhook',
  redx: '/api/v1/couriers/redx/webhook',
};

const trim = (url: string) => url.replace(/\/$/, '');

/** The simulators are a development door, as the payment simulators are: never in production, loopback only. */
export const courierSimulatorsEnabled = (env: Pick<Env, 'NODE_ENV' | 'HOST'>) => devDoorsOpen(env);

/**
 * Each courier is on when its keys are set (a partial set stops startup with what is missing), or,
 * with the development doors open, through its simulator on PUBLIC_URL. In production a courier
 * without keys is simply not offered.
 */
export function courierConfig(env: Env): CourierConfigs {
  const sim = courierSimulatorsEnabled(env);
  const base = trim(env.PUBLIC_URL);
  const problems: string[] = [];
  const simulated: Record<Courier, boolean> = { steadfast: false, pathao: false, redx: false };

  let steadfast: SteadfastConfig | null = null;
  if (env.STEADFAST_API_KEY || env.STEADFAST_SECRET_KEY || env.STEADFAST_BASE_URL) {
    if (!env.STEADFAST_API_KEY || !env.STEADFAST_SECRET_KEY)
      problems.push('Steadfast: STEADFAST_API_KEY and STEADFAST_SECRET_KEY are both needed');
    else
      steadfast = {
        baseUrl: trim(env.STEADFAST_BASE_URL ?? COURIER_DEFAULT_URLS.steadfast),
        apiKey: env.STEADFAST_API_KEY,
        secretKey: env.STEADFAST_SECRET_KEY,
        webhookToken: env.STEADFAST_WEBHOOK_TOKEN ?? null,
      };
  } else if (sim) {
    simulated.steadfast = true;
    steadfast = {
      baseUrl: `${base}${SIMULATOR_PATHS.steadfast}`,
      apiKey: SIMULATOR_STEADFAST.apiKey,
      secretKey: SIMULATOR_STEADFAST.secretKey,
      webhookToken: env.STEADFAST_WEBHOOK_TOKEN ?? SIMULATOR_STEADFAST.webhookToken,
    };
  }

  let pathao: PathaoConfig | null = null;
  const { PATHAO_CLIENT_ID: clientId, PATHAO_CLIENT_SECRET: clientSecret, PATHAO_USERNAME: username, PATHAO_PASSWORD: password } = env;
  if (clientId || clientSecret || username || password || env.PATHAO_STORE_ID || env.PATHAO_BASE_URL) {
    if (!clientId || !clientSecret || !username || !password || !env.PATHAO_STORE_ID)
      problems.push('Pathao: PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME, PATHAO_PASSWORD and PATHAO_STORE_ID are all needed');
    else
      pathao = {
        baseUrl: trim(env.PATHAO_BASE_URL ?? COURIER_DEFAULT_URLS.pathao),
        clientId,
        clientSecret,
        username,
        password,
        storeId: env.PATHAO_STORE_ID,
        webhookSecret: env.PATHAO_WEBHOOK_SECRET ?? null,
      };
  } else if (sim) {
    simulated.pathao = true;
    pathao = {
      baseUrl: `${base}${SIMULATOR_PATHS.pathao}`,
      ...SIMULATOR_PATHAO,
      webhookSecret: env.PATHAO_WEBHOOK_SECRET ?? SIMULATOR_PATHAO.webhookSecret,
    };
  }

  let redx: RedxConfig | null = null;
  if (env.REDX_API_TOKEN || env.REDX_BASE_URL) {
    if (!env.REDX_API_TOKEN) problems.push('RedX: REDX_API_TOKEN is needed');
    else
      redx = {
        baseUrl: trim(env.REDX_BASE_URL ?? COURIER_DEFAULT_URLS.redx),
        apiToken: env.REDX_API_TOKEN,
        webhookToken: env.REDX_WEBHOOK_TOKEN ?? null,
      };
  } else if (sim) {
    simulated.redx = true;
    redx = {
      baseUrl: `${base}${SIMULATOR_PATHS.redx}`,
      apiToken: SIMULATOR_REDX.apiToken,
      webhookToken: env.REDX_WEBHOOK_TOKEN ?? SIMULATOR_REDX.webhookToken,
    };
  }

  if (problems.length) throw new Error(`Invalid courier configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return { steadfast, pathao, redx, simulated };
}
