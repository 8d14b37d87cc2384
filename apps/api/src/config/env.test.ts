import { describe, expect, it } from 'vitest';
import { devDoorsOpen, EnvError, listenHost, migrateAtBoot, parseEnv, seedAtBoot } from './env.js';

describe('parseEnv', () => {
  it('gives defaults that run as they are', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    // The embedded database seeds and migrates itself at boot (release-steps.test.ts has the rest of the policy).
    expect(seedAtBoot(env)).toBe(true);
    expect(migrateAtBoot(env)).toBe(true);
  });

  it('treats blank values as unset, as .env.example has them', () => {
    expect(parseEnv({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('lists every problem at once', () => {
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const problems = (err as EnvError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/NODE_ENV/);
    }
  });

  it('listens on loopback outside production unless HOST says otherwise', () => {
    expect(listenHost(parseEnv({}))).toBe('127.0.0.1');
    expect(listenHost(parseEnv({ HOST: '0.0.0.0' }))).toBe('0.0.0.0');
  });

  it('refuses production without an SMS gateway, or with one over plain http', () => {
    const problems = (vars: Record<string, string>) => {
      try {
        parseEnv({ NODE_ENV: 'production', ...vars });
        return [];
      } catch (err) {
        return (err as EnvError).problems;
      }
    };
    expect(problems({}).join('\n')).toMatch(/SMS_PROVIDER: production needs a real SMS gateway/);
    const http = {
      PUBLIC_URL: 'https://shop.example.com',
      SMS_PROVIDER: 'http',
      SMS_API_KEY: 'k',
      SMS_SENDER_ID: 's',
      SECRET_KEY: 'x'.repeat(32),
    };
    expect(problems({ ...http, SMS_API_URL: 'http://bulksmsbd.net/api/smsapi' })).toEqual([
      'SMS_API_URL: production sends codes over https only',
    ]);
    expect(problems(http)).toEqual([]);
    const { SECRET_KEY: _secret, ...withoutSecret } = http;
    expect(problems(withoutSecret)).toEqual([expect.stringMatching(/^SECRET_KEY: production needs a secret of 32\+ characters/)]);
    const prod = parseEnv({ NODE_ENV: 'production', ...http });
    expect(listenHost(prod)).toBe('0.0.0.0');
    // Development keeps the outbox and may point at a local gateway.
    expect(problems({ NODE_ENV: 'development', SMS_API_URL: 'http://127.0.0.1:9999/' })).toEqual([]);
  });

  it('builds links on PUBLIC_URL, else (development) on the listening address; production refuses to start without it', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://shop.example.com/' }).PUBLIC_URL).toBe('https://shop.example.com');
    expect(parseEnv({ PORT: '4173' }).PUBLIC_URL).toBe('http://localhost:4173');
    expect(parseEnv({ HOST: '0.0.0.0', PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseEnv({ HOST: '192.168.1.20', PORT: '8080' }).PUBLIC_URL).toBe('http://192.168.1.20:8080');
    expect(parseEnv({ HOST: '::1', PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    try {
      parseEnv({ NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_API_KEY: 'k', SMS_SENDER_ID: 's', SECRET_KEY: 'x'.repeat(32) });
      expect.unreachable();
    } catch (err) {
      expect((err as EnvError).problems).toEqual([expect.stringMatching(/^PUBLIC_URL: production needs the address shoppers use/)]);
    }
  });

  it('opens the development doors only outside production and on loopback', () => {
    expect(devDoorsOpen(parseEnv({}))).toBe(true);
    expect(devDoorsOpen(parseEnv({ HOST: '::1' }))).toBe(true);
    expect(devDoorsOpen(parseEnv({ HOST: '0.0.0.0' }))).toBe(false);
    expect(devDoorsOpen(parseEnv({ HOST: '192.168.1.20' }))).toBe(false);
    expect(devDoorsOpen({ NODE_ENV: 'production', HOST: '127.0.0.1' })).toBe(false);
  });
});
