import { data } from 'react-router';
import type { ApiErrorBody } from '@store/shared/api';
import * as messages from '@store/shared/messages';

export const SITE_NAME = 'Glow Bazaar';

/** A 404 for the error boundary, in the same shape apiGet throws. */
export function notFoundResponse(): never {
  throw data<ApiErrorBody['error']>({ code: 'not_found', message: messages.notFound }, { status: 404 });
}

/** The absolute origin of the page request, for canonical links and JSON-LD. */
export function requestOrigin(request: Request): string {
  return new URL(request.url).origin;
}

export function pageTitle(...parts: string[]): string {
  return [...parts.filter(Boolean), SITE_NAME].join(' | ');
}
