import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { ProductImage } from '@store/shared/catalog';
import { encodeImage, rasterise, type MediaStorage } from '../../modules/media/index.js';

/**
 * Demo pictures are drawn here as SVG and rasterised with sharp at seed time, so the shop looks
 * like a shop without shipping or downloading any photo. Every picture comes in the three sizes
 * the storefront serves: original (JPEG), webp at the same size, and a small webp for phones,
 * encoded by the media module's pipeline, the one staff uploads go through.
 */

export type Shape =
  | 'bottle'
  | 'pump'
  | 'dropper'
  | 'tube'
  | 'jar'
  | 'perfume'
  | 'lipstick'
  | 'compact'
  | 'mascara'
  | 'box'
  | 'ball'
  | 'seamball'
  | 'racquet'
  | 'canister';

/** A small picture printed on boxes, so a LEGO box and a kettle box do not look alike. */
export type Pictogram = 'bricks' | 'car' | 'doll' | 'dice' | 'appliance' | 'shoe' | 'dumbbell' | 'shirt' | 'none';

export type ProductArt = {
  shape: Shape;
  pictogram?: Pictogram;
  /** Brand colour (#rrggbb). */
  color: string;
  /** The product's own colour, e.g. a lipstick shade; defaults to the brand colour. */
  accent?: string;
  brand: string;
  /** A short product name printed on the label (wrapped to at most three lines). */
  label: string;
  /** Which picture of the product: 1 front, 2 angled with a swatch, 3 close-up. */
  view: number;
};

export type WideArt = {
  title: string;
  subtitle: string;
  cta: string;
  from: string;
  to: string;
  /** Products shown on the right. */
  items: Omit<ProductArt, 'view'>[];
};

export type ImageJob = {
  /** Path of the original under mediaDir without extension, e.g. 'products/cerave-hydrating-cleanser-1'. */
  base: string;
  /** Returns the SVG for a canvas of the given size. */
  svg: (width: number, height: number) => string;
  width: number;
  height: number;
  mobileWidth: number;
  mobileHeight: number;
  /** Wide pictures are recomposed for the phone size rather than shrunk, so text stays readable. */
  recompose: boolean;
};

export function imageUrls(
  job: Pick<ImageJob, 'base' | 'width' | 'height'> & Partial<Pick<ImageJob, 'mobileWidth' | 'mobileHeight'>>,
  alt: string,
): ProductImage {
  // A recomposed phone picture of another shape says its size, so the page reserves the right box.
  const reshaped = job.mobileWidth && job.mobileHeight && job.mobileWidth * job.height !== job.mobileHeight * job.width;
  return {
    original: `/media/${job.base}.jpg`,
    webp: `/media/${job.base}.webp`,
    mobile: `/media/${job.base}-m.webp`,
    alt,
    width: job.width,
    height: job.height,
    ...(reshaped ? { mobile_width: job.mobileWidth, mobile_height: job.mobileHeight } : {}),
  };
}

// ---------------------------------------------------------------- colour helpers

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
/** Mixes towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const a = Math.abs(amount);
  const [r, g, b] = rgb(hex);
  return toHex([r + (target - r) * a, g + (target - g) * a, b + (target - b) * a]);
}
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** Dark text on light colours, white on dark ones. */
function ink(background: string): string {
  return luminance(background) > 0.42 ? '#1f1f1f' : '#ffffff';
}

/**
 * Text for an SVG picture. The installed fonts (DejaVu, Liberation) have no taka sign, so pictures
 * print 'Tk', as Bangladeshi price tags often do; pages and the API keep '৳'.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/৳\s?/g, 'Tk ')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

// ---------------------------------------------------------------- text

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
/** Rough advance width of a character relative to the font size (DejaVu Sans is wide). */
const CHAR_WIDTH = { normal: 0.6, bold: 0.68 } as const;

function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.&+-]+$/, '')}…`;
    return kept;
  }
  return lines;
}

/** Centred text lines fitted into a box: the font shrinks until the longest line fits. */
function textBlock(
  lines: string[],
  box: { cx: number; y: number; w: number },
  opts: { size: number; weight: 'normal' | 'bold'; fill: string; lineGap?: number; letterSpacing?: number },
): { svg: string; height: number } {
  const longest = Math.max(1, ...lines.map((l) => l.length));
  const size = Math.max(10, Math.min(opts.size, Math.floor(box.w / (longest * CHAR_WIDTH[opts.weight]))));
  const gap = opts.lineGap ?? 1.22;
  const svg = lines
    .map(
      (l, i) =>
        `<text x="${box.cx}" y="${Math.round(box.y + size + i * size * gap)}" font-family="${FONT}" font-size="${size}" font-weight="${opts.weight}" fill="${opts.fill}" text-anchor="middle"${opts.letterSpacing ? ` letter-spacing="${opts.letterSpacing}"` : ''}>${escapeXml(l)}</text>`,
    )
    .join('');
  return { svg, height: Math.round(size + (lines.length - 1) * size * gap) };
}

/** Brand on top, product name below, centred in a label area. */
function label(
  art: Omit<ProductArt, 'view'>,
  box: { x: number; y: number; w: number; h: number },
  fill: string,
  brandFill?: string,
): string {
  const cx = box.x + box.w / 2;
  const brand = textBlock(
    wrap(art.brand.toUpperCase(), 14, 2),
    { cx, y: box.y + box.h * 0.12, w: box.w * 0.86 },
    {
      size: Math.round(box.w / 6),
      weight: 'bold',
      fill: brandFill ?? fill,
      letterSpacing: 1,
    },
  );
  const nameTop = box.y + box.h * 0.12 + brand.height + box.h * 0.1;
  const name = textBlock(
    wrap(art.label, 16, 3),
    { cx, y: nameTop, w: box.w * 0.84 },
    { size: Math.round(box.w / 9), weight: 'normal', fill },
  );
  const ruleY = Math.round(nameTop - box.h * 0.05);
  return `${brand.svg}<line x1="${cx - box.w * 0.18}" y1="${ruleY}" x2="${cx + box.w * 0.18}" y2="${ruleY}" stroke="${fill}" stroke-opacity="0.45" stroke-width="3"/>${name.svg}`;
}

/** Brand and product name under a shape whose body is too narrow for a label. */
function caption(art: Omit<ProductArt, 'view'>): string {
  const brand = textBlock(
    [art.brand.toUpperCase()],
    { cx: 500, y: 818, w: 640 },
    { size: 46, weight: 'bold', fill: '#1f1f1f', letterSpacing: 2 },
  );
  const name = textBlock(
    wrap(art.label, 34, 1),
    { cx: 500, y: 818 + brand.height + 14, w: 760 },
    { size: 34, weight: 'normal', fill: '#444444' },
  );
  return brand.svg + name.svg;
}

// ---------------------------------------------------------------- shapes (drawn on a 1000×1000 canvas)

function gloss(x: number, y: number, w: number, h: number): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="#ffffff" fill-opacity="0.28"/>`;
}

function pictogram(kind: Pictogram, cx: number, cy: number, s: number, fill: string): string {
  const t = `transform="translate(${cx} ${cy}) scale(${s})"`;
  switch (kind) {
    case 'bricks':
      return `<g ${t} fill="${fill}"><rect x="-90" y="0" width="120" height="50" rx="6"/><rect x="-30" y="-60" width="120" height="50" rx="6" fill-opacity="0.8"/><rect x="-60" y="60" width="150" height="50" rx="6" fill-opacity="0.65"/>${[-70, -40, 0].map((x) => `<rect x="${x}" y="-14" width="20" height="14" rx="3"/>`).join('')}</g>`;
    case 'car':
      return `<g ${t} fill="${fill}"><path d="M-110 20 L-80 -20 L-30 -45 L40 -45 L80 -15 L115 -5 L115 35 L-110 35 Z"/><circle cx="-60" cy="40" r="24" fill="#222"/><circle cx="70" cy="40" r="24" fill="#222"/><rect x="-20" y="-35" width="50" height="24" rx="4" fill="#ffffff" fill-opacity="0.7"/></g>`;
    case 'doll':
      return `<g ${t} fill="${fill}"><circle cx="0" cy="-70" r="34"/><path d="M-22 -36 L22 -36 L70 90 L-70 90 Z"/><rect x="-36" y="90" width="16" height="40" rx="6"/><rect x="20" y="90" width="16" height="40" rx="6"/></g>`;
    case 'dice':
      return `<g ${t}><rect x="-80" y="-80" width="160" height="160" rx="26" fill="${fill}"/>${[
        [-40, -40],
        [40, -40],
        [0, 0],
        [-40, 40],
        [40, 40],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="14" fill="#ffffff"/>`)
        .join('')}</g>`;
    case 'appliance':
      return `<g ${t} fill="${fill}"><rect x="-80" y="-90" width="160" height="190" rx="26"/><circle cx="0" cy="0" r="44" fill="#ffffff" fill-opacity="0.75"/><rect x="-50" y="66" width="100" height="14" rx="7" fill="#ffffff" fill-opacity="0.75"/></g>`;
    case 'shoe':
      return `<g ${t} fill="${fill}"><path d="M-120 40 L-110 -30 L-60 -30 L-20 10 L80 20 Q125 28 125 55 L125 70 L-120 70 Z"/><rect x="-120" y="60" width="245" height="14" rx="7" fill="#ffffff" fill-opacity="0.8"/></g>`;
    case 'dumbbell':
      return `<g ${t} fill="${fill}"><rect x="-70" y="-10" width="140" height="20" rx="8"/><rect x="-110" y="-50" width="40" height="100" rx="10"/><rect x="70" y="-50" width="40" height="100" rx="10"/></g>`;
    case 'shirt':
      return `<g ${t} fill="${fill}"><path d="M-40 -90 L40 -90 L110 -50 L80 0 L55 -15 L55 100 L-55 100 L-55 -15 L-80 0 L-110 -50 Z"/></g>`;
    case 'none':
      return '';
  }
}

/** Draws one product; returns its SVG fragment in 1000×1000 coordinates (y from 120 to about 800). */
export function drawProduct(art: Omit<ProductArt, 'view'>, withCaption = true): string {
  const c = art.color;
  const dark = shade(c, -0.35);
  const accent = art.accent ?? c;
  switch (art.shape) {
    case 'bottle':
      return `<rect x="425" y="150" width="150" height="110" rx="18" fill="${dark}"/><rect x="410" y="250" width="180" height="30" rx="8" fill="${shade(dark, -0.2)}"/>
<path d="M380 300 Q380 270 420 270 L580 270 Q620 270 620 300 L650 360 L650 760 Q650 800 610 800 L390 800 Q350 800 350 760 L350 360 Z" fill="${c}"/>
${gloss(372, 370, 26, 360)}<rect x="372" y="420" width="256" height="300" rx="18" fill="#ffffff"/>${label(art, { x: 372, y: 420, w: 256, h: 300 }, '#222222', dark)}`;
    case 'pump':
      return `<path d="M500 150 L640 150 L640 185 L540 185 L540 200 L460 200 L460 150 Z" fill="${dark}"/><rect x="487" y="200" width="26" height="80" fill="${shade(dark, 0.2)}"/>
<rect x="440" y="270" width="120" height="60" rx="12" fill="${dark}"/><rect x="350" y="325" width="300" height="475" rx="58" fill="${c}"/>
${gloss(372, 360, 26, 400)}<rect x="378" y="430" width="244" height="300" rx="18" fill="#ffffff"/>${label(art, { x: 378, y: 430, w: 244, h: 300 }, '#222222', dark)}`;
    case 'dropper':
      return `<ellipse cx="500" cy="240" rx="46" ry="78" fill="${shade(dark, -0.3)}"/><rect x="440" y="300" width="120" height="90" rx="12" fill="#1f1f1f"/>
<rect x="460" y="385" width="80" height="40" fill="${shade(c, -0.2)}"/><rect x="370" y="420" width="260" height="380" rx="44" fill="${c}" fill-opacity="0.92"/>
<rect x="380" y="620" width="240" height="170" rx="36" fill="${shade(accent, -0.15)}" fill-opacity="0.45"/>${gloss(388, 440, 22, 320)}
<rect x="392" y="470" width="216" height="260" rx="14" fill="#fffdf7"/>${label(art, { x: 392, y: 470, w: 216, h: 260 }, '#222222', dark)}`;
    case 'tube':
      return `<path d="M330 170 L670 170 L640 690 Q636 720 600 720 L400 720 Q364 720 360 690 Z" fill="${c}"/>
<rect x="324" y="150" width="352" height="36" rx="6" fill="${shade(c, -0.15)}"/>${[158, 168, 178].map((y) => `<line x1="330" y1="${y}" x2="670" y2="${y}" stroke="${dark}" stroke-opacity="0.35" stroke-width="2"/>`).join('')}
<rect x="420" y="715" width="160" height="85" rx="14" fill="${dark}"/>${gloss(362, 210, 22, 420)}
<path d="M372 250 L628 250 L612 600 L388 600 Z" fill="#ffffff"/>${label(art, { x: 388, y: 255, w: 224, h: 340 }, '#222222', dark)}`;
    case 'jar':
      return `<rect x="260" y="400" width="480" height="120" rx="26" fill="${dark}"/>${[430, 460, 490].map((y) => `<line x1="270" y1="${y}" x2="730" y2="${y}" stroke="#000" stroke-opacity="0.12" stroke-width="4"/>`).join('')}
<rect x="280" y="510" width="440" height="290" rx="48" fill="${c}"/>${gloss(300, 540, 22, 220)}
<rect x="330" y="535" width="340" height="240" rx="20" fill="#ffffff"/>${label(art, { x: 330, y: 535, w: 340, h: 240 }, '#222222', dark)}`;
    case 'perfume':
      return `<rect x="420" y="170" width="160" height="170" rx="14" fill="${shade(dark, -0.25)}"/>${gloss(436, 185, 16, 130)}<rect x="455" y="335" width="90" height="60" fill="#c9a94a"/>
<rect x="320" y="390" width="360" height="410" rx="36" fill="${shade(accent, 0.35)}" fill-opacity="0.8" stroke="${shade(accent, -0.1)}" stroke-width="8"/>
<rect x="340" y="470" width="320" height="315" rx="26" fill="${accent}" fill-opacity="0.55"/>${gloss(340, 410, 24, 360)}
<rect x="380" y="500" width="240" height="210" rx="10" fill="#fffaf0" stroke="#c9a94a" stroke-width="4"/>${label(art, { x: 380, y: 500, w: 240, h: 210 }, '#2b2b2b', '#8a6d1f')}`;
    case 'lipstick':
      return `<path d="M440 380 L440 230 Q440 200 470 180 L560 150 L560 380 Z" fill="${accent}"/><path d="M452 370 L452 236 Q452 214 474 198 L500 188 L500 370 Z" fill="#ffffff" fill-opacity="0.18"/>
<rect x="425" y="370" width="150" height="90" rx="8" fill="#c9a94a"/><rect x="405" y="455" width="190" height="300" rx="14" fill="${dark}"/>${gloss(420, 470, 18, 260)}
<rect x="250" y="560" width="120" height="195" rx="12" fill="${dark}" transform="rotate(-8 310 660)"/>${withCaption ? caption(art) : ''}`;
    case 'compact':
      return `<ellipse cx="500" cy="500" rx="290" ry="290" fill="${dark}"/><ellipse cx="500" cy="485" rx="270" ry="270" fill="${c}"/>
<ellipse cx="500" cy="485" rx="210" ry="210" fill="${shade(accent, 0.1)}" stroke="#c9a94a" stroke-width="8"/>
${textBlock([art.brand.toUpperCase()], { cx: 500, y: 445, w: 330 }, { size: 56, weight: 'bold', fill: ink(shade(accent, 0.1)), letterSpacing: 3 }).svg}${withCaption ? caption(art) : ''}`;
    case 'mascara':
      return `<rect x="455" y="150" width="90" height="310" rx="30" fill="${dark}"/><rect x="450" y="450" width="100" height="22" fill="#c9a94a"/>
<rect x="455" y="470" width="90" height="300" rx="30" fill="${c}"/>${gloss(468, 170, 14, 260)}${gloss(468, 490, 14, 250)}
<text x="500" y="636" font-family="${FONT}" font-size="${Math.min(44, Math.floor(270 / (art.brand.length * CHAR_WIDTH.bold)))}" font-weight="bold" fill="${ink(c)}" text-anchor="middle" transform="rotate(-90 500 620)">${escapeXml(art.brand.toUpperCase())}</text>${withCaption ? caption(art) : ''}`;
    case 'canister':
      return `<rect x="395" y="150" width="210" height="40" rx="10" fill="${dark}"/><rect x="405" y="185" width="190" height="585" fill="${c}"/><rect x="395" y="765" width="210" height="40" rx="10" fill="${dark}"/>
${gloss(418, 210, 20, 520)}<rect x="415" y="360" width="170" height="280" rx="10" fill="#ffffff"/>${label(art, { x: 415, y: 360, w: 170, h: 280 }, '#222222', dark)}`;
    case 'box':
      return `<path d="M240 300 L320 220 L780 220 L700 300 Z" fill="${shade(c, 0.25)}"/><path d="M700 300 L780 220 L780 720 L700 800 Z" fill="${shade(c, -0.3)}"/>
<rect x="240" y="300" width="460" height="500" fill="${c}"/><rect x="240" y="300" width="460" height="120" fill="${dark}"/>
${textBlock(wrap(art.brand.toUpperCase(), 14, 1), { cx: 470, y: 318, w: 400 }, { size: 72, weight: 'bold', fill: '#ffffff', letterSpacing: 2 }).svg}
${pictogram(art.pictogram ?? 'none', 470, 560, 1.1, ink(c) === '#ffffff' ? '#ffffff' : dark)}
<rect x="262" y="680" width="416" height="100" rx="12" fill="#ffffff" fill-opacity="0.92"/>${textBlock(wrap(art.label, 26, 2), { cx: 470, y: 690, w: 390 }, { size: 34, weight: 'bold', fill: '#222222' }).svg}`;
    case 'ball': {
      const panels = [0, 72, 144, 216, 288]
        .map((a) => `<polygon points="0,-250 40,-205 25,-160 -25,-160 -40,-205" fill="${dark}" transform="rotate(${a})"/>`)
        .join('');
      return `<g transform="translate(500 470)"><circle r="300" fill="#ffffff" stroke="#d0d0d0" stroke-width="6"/>
<polygon points="0,-90 86,-28 53,73 -53,73 -86,-28" fill="${c}"/>${panels}
${[0, 72, 144, 216, 288].map((a) => `<line x1="0" y1="-90" x2="0" y2="-160" stroke="#9e9e9e" stroke-width="4" transform="rotate(${a})"/>`).join('')}
<circle r="300" fill="url(#ballShade)"/></g>${withCaption ? caption(art) : ''}`;
    }
    case 'seamball':
      return `<g transform="translate(500 470)"><circle r="260" fill="${art.accent ?? '#d4e157'}"/>
<path d="M-200 -165 C-60 -60 -60 60 -200 165" fill="none" stroke="#ffffff" stroke-width="16"/><path d="M200 -165 C60 -60 60 60 200 165" fill="none" stroke="#ffffff" stroke-width="16"/>
<circle r="260" fill="url(#ballShade)"/></g>${textBlock([art.brand.toUpperCase()], { cx: 500, y: 430, w: 260 }, { size: 44, weight: 'bold', fill: c }).svg}${withCaption ? caption(art) : ''}`;
    case 'racquet':
      return `<g transform="rotate(-28 500 470)"><ellipse cx="500" cy="330" rx="165" ry="215" fill="none" stroke="${c}" stroke-width="26"/>
<clipPath id="strings"><ellipse cx="500" cy="330" rx="152" ry="202"/></clipPath><g clip-path="url(#strings)" stroke="#e0e0e0" stroke-width="3">${Array.from({ length: 15 }, (_, i) => `<line x1="${340 + i * 22}" y1="110" x2="${340 + i * 22}" y2="550"/>`).join('')}${Array.from({ length: 19 }, (_, i) => `<line x1="320" y1="${125 + i * 22}" x2="680" y2="${125 + i * 22}"/>`).join('')}</g>
<path d="M480 540 L520 540 L510 650 L490 650 Z" fill="${c}"/><rect x="490" y="640" width="20" height="90" fill="${dark}"/><rect x="478" y="720" width="44" height="120" rx="12" fill="#1f1f1f"/></g>${withCaption ? caption(art) : ''}`;
  }
}

const CAPTIONED: ReadonlySet<Shape> = new Set(['lipstick', 'compact', 'mascara', 'ball', 'seamball', 'racquet']);

const DEFS = `<defs><radialGradient id="ballShade" cx="35%" cy="30%" r="75%"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient></defs>`;

/** A whole product picture: background, shadow and the product, for view 1, 2 or 3. */
export function productSvg(art: ProductArt, size: number): string {
  const bgTop = shade(art.color, art.view === 2 ? 0.8 : 0.9);
  const bgBottom = shade(art.color, art.view === 2 ? 0.62 : 0.76);
  // View 2 turns the product slightly and adds a swatch; view 3 comes closer to the label.
  // Shapes with a caption under them zoom less, so the caption stays in the picture.
  const captioned = CAPTIONED.has(art.shape);
  const transform =
    art.view === 2
      ? 'translate(80 20) rotate(6 500 500) scale(0.92)'
      : art.view === 3
        ? captioned
          ? 'translate(-100 -150) scale(1.2)'
          : 'translate(-250 -300) scale(1.5)'
        : 'translate(-60 -40) scale(1.12)';
  const swatch =
    art.view === 2 && !captioned
      ? `<ellipse cx="230" cy="790" rx="120" ry="44" fill="${art.accent ?? shade(art.color, 0.3)}"/><ellipse cx="205" cy="778" rx="50" ry="14" fill="#ffffff" fill-opacity="0.35"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">${DEFS}
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>
<rect width="1000" height="1000" fill="url(#bg)"/>${swatch}
<g transform="${transform}"><ellipse cx="500" cy="808" rx="260" ry="34" fill="#000" fill-opacity="0.12"/>${drawProduct(art)}</g></svg>`;
}

/** A wide banner or article picture: headline on the left, products on the right. */
export function wideSvg(art: WideArt, width: number, height: number): string {
  const s = height / 600;
  const titleLines = wrap(art.title, width >= 1200 ? 22 : 18, 3);
  const textW = width * 0.55;
  const title = textBlock(
    titleLines,
    { cx: width * 0.05 + textW / 2, y: height * 0.14, w: textW },
    { size: Math.round(70 * s * (width >= 1200 ? 1 : 1.1)), weight: 'bold', fill: ink(art.from) },
  );
  const subLines = wrap(art.subtitle, width >= 1200 ? 44 : 32, 2);
  const sub = textBlock(
    subLines,
    { cx: width * 0.05 + textW / 2, y: height * 0.14 + title.height + 28 * s, w: textW },
    { size: Math.round(32 * s), weight: 'normal', fill: ink(art.from) },
  );
  const ctaY = height * 0.14 + title.height + sub.height + 70 * s;
  const ctaW = Math.max(220, art.cta.length * 22) * s;
  const cta = `<rect x="${width * 0.05 + textW / 2 - ctaW / 2}" y="${ctaY}" width="${ctaW}" height="${70 * s}" rx="${35 * s}" fill="${ink(art.from) === '#ffffff' ? '#ffffff' : '#1f1f1f'}"/>
<text x="${width * 0.05 + textW / 2}" y="${ctaY + 46 * s}" font-family="${FONT}" font-size="${Math.round(30 * s)}" font-weight="bold" fill="${ink(art.from) === '#ffffff' ? art.from : '#ffffff'}" text-anchor="middle">${escapeXml(art.cta)}</text>`;
  const n = art.items.length;
  const areaX = width * 0.58;
  const areaW = width * 0.4;
  // As large as the height allows, but narrow enough that neighbours overlap only a little.
  const itemScale = Math.min((height / 1000) * (n > 2 ? 0.9 : 1.05), areaW / n / 480);
  const products = art.items
    .map((item, i) => {
      // Centre each product (drawn between y 150 and 800) in its slot; alternate ones sit a little lower.
      const x = areaX + (areaW / n) * (i + 0.5) - 500 * itemScale;
      const y = height / 2 - 475 * itemScale + (i % 2) * height * 0.05;
      // Banners name the offer in their headline: no caption under the products.
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${itemScale.toFixed(3)})">${drawProduct(item, false)}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${DEFS}
<linearGradient id="wbg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>
<rect width="${width}" height="${height}" fill="url(#wbg)"/><circle cx="${width * 0.8}" cy="${height * 0.5}" r="${height * 0.55}" fill="#ffffff" fill-opacity="0.14"/>
<circle cx="${width * 0.97}" cy="${height * 0.05}" r="${height * 0.25}" fill="#ffffff" fill-opacity="0.1"/>
${title.svg}${sub.svg}${cta}${products}</svg>`;
}

// ---------------------------------------------------------------- rendering

/** Writes the three files of one picture; pictures already stored are kept, so a second seed run is quick. */
async function render(storage: MediaStorage, job: ImageJob): Promise<boolean> {
  const keys = { jpg: `${job.base}.jpg`, webp: `${job.base}.webp`, mobile: `${job.base}-m.webp` };
  const stored = await Promise.all(Object.values(keys).map((key) => storage.exists(key)));
  if (stored.every(Boolean)) return false;
  // Rasterise once, opaque, and encode the three files from the same pixels with the uploads' pipeline.
  const pixels = await rasterise(job.svg(job.width, job.height));
  const size = { width: job.mobileWidth, height: job.mobileHeight };
  const mobile = job.recompose
    ? { image: sharp(Buffer.from(job.svg(job.mobileWidth, job.mobileHeight))).flatten({ background: '#ffffff' }), ...size }
    : size;
  const encoded = await encodeImage(pixels, mobile);
  await Promise.all([
    storage.put(keys.jpg, encoded.original.bytes, 'image/jpeg'),
    storage.put(keys.webp, encoded.webp, 'image/webp'),
    storage.put(keys.mobile, encoded.mobile.bytes, 'image/webp'),
  ]);
  return true;
}

/** Renders the jobs a few at a time (sharp itself spreads each job over the cores) into the media storage. */
export async function renderImages(
  storage: MediaStorage,
  jobs: ImageJob[],
  concurrency = Math.max(2, availableParallelism() * 2),
): Promise<number> {
  let written = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      if (await render(storage, job)) written++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return written;
}

/** A text file of the seed (the SVG logo and icons) into the media storage. */
export async function writeText(storage: MediaStorage, path: string, content: string): Promise<void> {
  await storage.put(path, Buffer.from(content), path.endsWith('.svg') ? 'image/svg+xml' : 'text/plain; charset=utf-8');
}

export function productJob(base: string, art: ProductArt): ImageJob {
  return { base, svg: (w) => productSvg(art, w), width: 1000, height: 1000, mobileWidth: 400, mobileHeight: 400, recompose: false };
}

export function wideJob(
  base: string,
  art: WideArt,
  size: { width: number; height: number; mobileWidth: number; mobileHeight: number },
): ImageJob {
  return { base, svg: (w, h) => wideSvg(art, w, h), ...size, recompose: true };
}
