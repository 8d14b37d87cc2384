import type { FastifyRequest } from 'fastify';
import type { UserLocation } from '@store/shared/constants';

/**
 * The shopper's region: BD or INT. A trusted CDN country header decides when one is configured;
 * anything unknown is INT (SPEC §7: failure yields INT).
 */
export function resolveCountry(request: FastifyRequest, countryHeader: string | undefined): UserLocation {
  if (countryHeader) {
    const raw = request.headers[countryHeader.toLowerCase()];
    const code = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (code) return code === 'BD' ? 'BD' : 'INT';
  }
  return 'INT';
}
