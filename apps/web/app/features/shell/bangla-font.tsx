import banglaFont from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';

/**
 * Noto Sans Bengali for Bangla pages (issue 21 item 6): the Bengali subset of the regular weight
 * (44 kB, SIL OFL 1.1, from @fontsource/noto-sans-bengali, served from /assets with a year's cache
 * like the rest; bold is the browser's), `font-display: swap`. Only the Bangla build renders this;
 * English pages never fetch it.
 *
 * It is the pages' first family (its unicode-range leaves Latin letters to app.css's stack), so every
 * Bangla page draws Bangla in one face whatever the device has. Measured in Chromium without a Bengali
 * font (docs/decisions/009): named after the stack's fonts, it arrived after some text had been shaped
 * with the fallback, and that text stayed a row of boxes for good (the fault taka-font.ts works around
 * for ৳ with a preload); first in the list it swaps in everywhere, without a preload. The variable
 * font (every weight, 108 kB) cost Lighthouse's slow 4G 0.5–1 s of LCP on Bangla pages; this one
 * keeps them about 2 s, against 1.5 s in English (docs/performance.md). A device with the same font
 * of its own (Android's Bengali font is Noto Sans Bengali; `local()` names its full and PostScript
 * names) draws with that and fetches nothing.
 */
export function BanglaFontFace() {
  const css = `@font-face{font-family:'Noto Sans Bengali Web';font-style:normal;font-weight:100 900;font-display:swap;src:local('Noto Sans Bengali Regular'),local('NotoSansBengali-Regular'),url(${banglaFont}) format('woff2');unicode-range:U+0951-0952,U+0964-0965,U+0980-09FE,U+200C-200D,U+25CC}html{font-family:'Noto Sans Bengali Web',var(--font-sans)}`;
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
