import { localizedPath, type Locale } from '@store/shared/locale';

/**
 * The language this build of the storefront speaks (decision 009): a constant the bundler writes in,
 * so a page carries its own language's text and formats alone. Tests run as the English build.
 */
export const LOCALE: Locale = import.meta.env.STORE_LOCALE ?? 'en';

/** A path of this shop in this build's language, for what leaves the router: canonical links, e-mails, redirects by the server. */
export const hrefHere = (path: string) => localizedPath(path, LOCALE);
