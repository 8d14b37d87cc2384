import banglaFont from '@fontsource-variable/noto-sans-bengali/files/noto-sans-bengali-bengali-wght-normal.woff2?url';

/**
 * Noto Sans Bengali for Bangla pages (issue 21 item 6): the Bengali subset of the variable font
 * (every weight in one 108 kB file, SIL OFL 1.1, from @fontsource-variable/noto-sans-bengali, served
 * from /assets with a year's cache like the rest), `font-display: swap`. Only the Bangla build renders
 * this; English pages never fetch it.
 *
 * It is the pages' first family (its unicode-range leaves Latin letters to app.css's stack) and it is
 * preloaded. Measured in Chromium without a Bengali font (docs/decisions/009): named only after the
 * stack's fonts, or not preloaded, it arrived after some text had been shaped with the fallback, and
 * that text stayed a row of boxes for good (the same fault taka-font.ts works around for ৳). Every
 * Bangla page then draws Bangla in one face, whatever the device has.
 */
export function BanglaFontFace() {
  const css = `@font-face{font-family:'Noto Sans Bengali Web';font-style:normal;font-weight:100 900;font-display:swap;src:url(${banglaFont}) format('woff2-variations'),url(${banglaFont}) format('woff2');unicode-range:U+0951-0952,U+0964-0965,U+0980-09FE,U+200C-200D,U+25CC}html{font-family:'Noto Sans Bengali Web',var(--font-sans)}`;
  return (
    <>
      <link rel="preload" href={banglaFont} as="font" type="font/woff2" crossOrigin="anonymous" />
      <style dangerouslySetInnerHTML={{ __html: css }} />
    </>
  );
}
