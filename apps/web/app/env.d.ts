import type { Locale } from '@store/shared/locale';

declare global {
  interface ImportMetaEnv {
    /** The language of this build of the storefront (vite.config.ts, decision 009). */
    readonly STORE_LOCALE: Locale;
  }
}
