import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { courierConfig, SIMULATOR_PATHS } from './config.js';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.com',
  SMS_PROVIDER: 'http',
  SMS_API_URL: 'https://sms.example.com/api',
  SMS_API_KEY: 'k',
  SMS_SENDER_ID: 's',
  SECRET_KEY: 'a-test-secret-of-more-than-thirty-two-characters',
};

describe('courier configuration', () => {
  it('uses the simulators outside production when no keys are set', () => {
    const c = courierConfig(parseEnv({ NODE_ENV: 'development' }));
    expect(c.simulated).toEqual({ steadfast: true, pathao: true, redx: true });
    expect(c.steadfast?.baseUrl).toBe(`http://localhost:3000${SIMULATOR_PATHS.steadfast}`);
  });

  it('offers no courier in production without keys, and a courier with its keys at its production address', () => {
    expect(courierConfig(parseEnv(production))).toMatchObject({ steadfast: null, pathao: null, redx: null });
    const c = courierConfig(parseEnv({ ...production, STEADFAST_API_KEY: 'a', STEADFAST_SECRET_KEY: 'b', REDX_API_TOKEN: 't' }));
    expect(c.steadfast).toMatchObject({ baseUrl: 'https://portal.packzy.com/api/v1', apiKey: 'a', webhookToken: null });
    expect(c.redx?.baseUrl).toBe('https://openapi.redx.com.bd/v1.0.0-beta');
    expect(c.pathao).toBeNull();
    expect(c.simulated).toEqual({ steadfast: false, pathao: false, redx: false });
  });

  it('stops startup on a partial set of keys, naming what is missing', () => {
    expect(() => courierConfig(parseEnv({ NODE_ENV: 'development', PATHAO_CLIENT_ID: 'x' }))).toThrow(/PATHAO_STORE_ID/);
    expect(() => courierConfig(parseEnv({ NODE_ENV: 'development', STEADFAST_API_KEY: 'x' }))).toThrow(/STEADFAST_SECRET_KEY/);
  });
});
