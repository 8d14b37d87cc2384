import taka400 from './fonts/taka-400.woff2?no-inline';
import taka700 from './fonts/taka-700.woff2?no-inline';

/**
 * Preloads for the ৳ font of app.css (two files under 1 kB each). Without them Chromium shapes the
 * first ৳ of a page before the unicode-range font arrives and leaves it a box; every page that
 * shows prices lists these in its `links`.
 */
export function takaFontLinks() {
  return [
    { rel: 'preload', href: taka400, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
    { rel: 'preload', href: taka700, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  ] as const;
}
