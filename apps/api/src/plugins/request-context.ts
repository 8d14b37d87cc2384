import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEPARTMENT_HEADER, LOCATION_HEADER } from '@store/shared/api';
import { DEPARTMENT_KEYS, type DepartmentKey, type UserLocation } from '@store/shared/constants';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shopper's department from the My-Department header ('' = beauty). */
    department: DepartmentKey;
    /** The stored location sent as My-Location: BD, or INT for anything else or 'None'. */
    location: UserLocation;
    /** The signed-in customer, or null for a visitor. The accounts module's session hook sets it. */
    customerId: number | null;
  }
}

function readDepartment(request: FastifyRequest): DepartmentKey {
  const raw = request.headers[DEPARTMENT_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase() ?? '';
  const key = value === 'beauty' ? '' : value;
  return (DEPARTMENT_KEYS as readonly string[]).includes(key) ? (key as DepartmentKey) : '';
}

function readLocation(request: FastifyRequest): UserLocation {
  const raw = request.headers[LOCATION_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase() === 'BD' ? 'BD' : 'INT';
}

/** Reads the SPEC §7 request conventions once per request. */
export function registerRequestContext(app: FastifyInstance) {
  app.decorateRequest('department', '');
  app.decorateRequest('location', 'INT');
  app.decorateRequest('customerId', null);
  app.addHook('onRequest', async (request) => {
    request.department = readDepartment(request);
    request.location = readLocation(request);
  });
}
