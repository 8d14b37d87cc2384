import { data } from 'react-router';
import type { ApiErrorBody, ErrorCode } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import { isMissingCode } from '../../lib/error-codes';

export const SITE_NAME = 'Glow Bazaar';

/** A 404 for the error boundary, in the same shape apiGet throws. */
export function notFoundResponse(): never {
  throw data<ApiErrorBody['error']>({ code: 'not_found', message: messages.notFound() }, { status: 404 });
}

/** An API answer about a product or brand page that names nothing to show: unknown, or a handle it refuses. */
export function namesNothing(code: ErrorCode): boolean {
  return isMissingCode(code) || code === 'validation_failed';
}

/** The absolute origin of the page request, for canonical links and JSON-LD. */
export function requestOrigin(request: Request): string {
  return new URL(request.url).origin;
}

export function pageTitle(...parts: string[]): string {
  return [...parts.filter(Boolean), SITE_NAME].join(' | ');
}
