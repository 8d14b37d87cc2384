import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from '../lib/errors.js';

/** Seconds a shopper is asked to wait when the database cannot answer. */

/** Fastify's own refusals (an unparsable body, a too-large one, a route without that method) as business codes. */
const FRAMEWORK_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'login_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  429: 'rate_limited',
};
export const UNAVAILABLE_RETRY_AFTER = 5;

/** One error handler: field errors for bad input, the AppError contract for expected outcomes, 5xx hidden. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let body: ApiErrorBody;
    let status: number;
    if (err instanceof AppError) {
      status = err.status;
      body = {
        error: {
          code: err.code,
          message: err.message,
          ...(err.fields ? { fields: err.fields } : {}),
          ...(err.retryAfter ? { retry_after: err.retryAfter } : {}),
          ...(err.offer ? { offer: err.offer } : {}),
        },
      };
      if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      body = { error: { code: 'validation_failed', message: messages.badRequest(), fields } };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      const code = FRAMEWORK_CODES[status] ?? 'validation_failed';
      body = { error: { code, message: err.message } };
    } else if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: err.message }, 'database unavailable');
      status = 503;
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER));
      body = { error: { code: 'unavailable', message: messages.serviceUnavailable(), retry_after: UNAVAILABLE_RETRY_AFTER } };
    } else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
      body = { error: { code: 'internal', message: messages.internalError() } };
    }
    return reply.status(status).send(body);
  });
}
