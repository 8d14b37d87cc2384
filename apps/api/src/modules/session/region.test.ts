import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { countryOfIp, resolveCountry } from './region.js';

const request = (ip: string, headers: Record<string, string> = {}, customerId: number | null = null) =>
  ({ ip, headers, customerId }) as unknown as FastifyRequest;

describe('resolveCountry', () => {
  it('reads the bundled IP table', () => {
    expect(countryOfIp('103.4.145.1')).toBe('BD');
    expect(countryOfIp('::ffff:103.4.145.1')).toBe('BD');
    expect(countryOfIp('8.8.8.8')).toBe('US');
    expect(countryOfIp('127.0.0.1')).toBeNull();
    expect(countryOfIp('not an ip')).toBeNull();
  });

  it('trusts the configured country header over the IP, and only that header', () => {
    expect(resolveCountry(request('8.8.8.8', { 'cf-ipcountry': 'bd' }), 'CF-IPCountry')).toBe('BD');
    expect(resolveCountry(request('103.4.145.1', { 'cf-ipcountry': 'US' }), 'CF-IPCountry')).toBe('INT');
    expect(resolveCountry(request('8.8.8.8', { 'cf-ipcountry': 'BD' }), undefined)).toBe('INT');
    expect(resolveCountry(request('103.4.145.1', {}), 'cf-ipcountry')).toBe('BD');
    expect(resolveCountry(request('127.0.0.1'), undefined)).toBe('INT');
  });

  it('counts a signed-in customer as BD', () => {
    expect(resolveCountry(request('8.8.8.8', {}, 42), undefined)).toBe('BD');
  });
});
