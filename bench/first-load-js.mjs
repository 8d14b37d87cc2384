import { gzipSync } from 'node:zlib';

/**
 * Sums the gzip size of every script a page loads before it is interactive: the modules the page's
 * start-after-paint script adds (apps/web/app/lib/scripts-after-paint.ts), and any module script,
 * modulepreload or script src the HTML has itself.
 */
export async function firstLoadJs(baseUrl, pages) {
  const out = {};
  for (const [name, path] of Object.entries(pages)) {
    const html = await (await fetch(baseUrl + path)).text();
    const srcs = new Set(
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    );
    for (const m of html.matchAll(/import\(["']([^"']+\.js)["']\)/g)) srcs.add(m[1]);
    const started = /\(function startAfterPaint\([^]*?\}\)\((\[[^\]]*\]),/.exec(html);
    if (started) for (const src of JSON.parse(started[1])) srcs.add(src);
    let total = 0;
    for (const src of srcs) {
      const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
      total += gzipSync(body, { level: 9 }).length;
    }
    out[name] = Math.round(total / 102.4) / 10;
    console.log(`  ${name.padEnd(10)} ${String(out[name]).padStart(6)} kB gzip (${srcs.size} files)`);
  }
  return out;
}
