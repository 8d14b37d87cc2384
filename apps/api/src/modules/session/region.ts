import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
import type { UserLocation } from '@store/shared/constants';

type GeoLookup = (ip: string) => { country: string } | null;

const require = createRequire(import.meta.url);
let lookup: GeoLookup | null = null;

/** The bundled IP-to-country table (GeoLite2 data shipped in the geoip-country package), loaded on first use. */
export function countryOfIp(ip: string): string | null {
  lookup ??= (require('geoip-country') as { lookup: GeoLookup }).lookup;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    return lookup(address)?.country ?? null;
  } catch {
    return null;
  }
}

/**
 * The shopper's region: BD or INT. A signed-in customer counts as BD (SPEC §4). Otherwise a trusted
 * CDN country header decides when one is configured, else the bundled IP table; anything unknown
 * is INT (SPEC §7: failure yields INT).
 */
export function resolveCountry(request: FastifyRequest, countryHeader: string | undefined): UserLocation {
  if (request.customerId !== null) return 'BD';
  if (countryHeader) {
    const raw = request.headers[countryHeader.toLowerCase()];
    const code = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (code) return code === 'BD' ? 'BD' : 'INT';
  }
  return countryOfIp(request.ip) === 'BD' ? 'BD' : 'INT';
}
