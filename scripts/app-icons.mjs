// The installable storefront's icons (apps/web/public/icons), drawn from the favicon with sharp:
// 192 and 512 px for the manifest, a maskable 512 px (the mark inside the 80 % safe zone on the
// brand colour) and a 180 px apple-touch-icon. Run after changing apps/web/public/favicon.svg:
// node scripts/app-icons.mjs
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const favicon = readFileSync(new URL('../apps/web/public/favicon.svg', import.meta.url));
const out = (name) => new URL(`../apps/web/public/icons/${name}`, import.meta.url).pathname;

for (const size of [192, 512])
  await sharp(favicon, { density: 1200 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
await sharp(favicon, { density: 1200 }).resize(180, 180).flatten({ background: '#c2185b' }).png().toFile(out('apple-touch-icon.png'));
// Maskable: the launcher crops to a circle or a squircle, so the mark sits at 70 % on a full bleed.
const mark = await sharp(favicon, { density: 1200 }).resize(358, 358).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#c2185b' } })
  .composite([{ input: mark, gravity: 'centre' }])
  .png()
  .toFile(out('maskable-512.png'));
console.log('icons written to apps/web/public/icons');
