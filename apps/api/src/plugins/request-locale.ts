import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@store/shared/api';
import { overwriteGetLocale } from '@store/shared/i18n/runtime';
import { DEFAULT_LOCALE, type Locale } from '@store/shared/locale';
import { requestLocale } from '../lib/context.js';
import { pageLocale } from './web-locale.js';

/** The language of the request being served, for the catalogs' messages (`messages.x()`) anywhere below it. */
const current = new AsyncLocalStorage<Locale>();

const ADMIN_API = `${API_PREFIX}/admin/`;

/**
 * The language a request is answered in: a page's is its address's (/bn…); the back office's API
 * answers in English, the language of its screens; any other API call in requestLocale's (the
 * storefront's X-Store-Locale header, the locale cookie, Accept-Language).
 */
export function answerLocale(request: Pick<FastifyRequest, 'url' | 'headers' | 'cookies'>): Locale {
  if (!request.url.startsWith(API_PREFIX)) return pageLocale(request.url);
  if (request.url.startsWith(ADMIN_API)) return DEFAULT_LOCALE;
  return requestLocale(request);
}

/** Runs `fn` with the catalogs' messages in `locale` (a text kept in English for staff while the shopper reads theirs). */
export const runInLocale = <T>(locale: Locale, fn: () => T): T => current.run(locale, fn);

const locales = new WeakMap<FastifyRequest, Locale>();

/**
 * Every message the catalogs write while a request is served is in that request's language: the
 * compiled catalog's getLocale reads it from here (Paraglide's documented server hook), so an
 * error thrown deep in a service, a schema's field message or a toast's text needs no language
 * passed down. Work outside a request (jobs, upkeep) writes English unless it names a language
 * (an order's SMS names the order's).
 *
 * Fastify reads a request body in the socket's own async context, which is not the request's: the
 * language is entered again before validation. Only this store is entered then — restoring a whole
 * earlier async context would also take back what later hooks set (the tracing span).
 */
export function registerRequestLocale(app: FastifyInstance) {
  overwriteGetLocale(() => current.getStore() ?? DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    const locale = answerLocale(request);
    locales.set(request, locale);
    current.run(locale, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    current.run(locales.get(request) ?? DEFAULT_LOCALE, done);
  });
}
