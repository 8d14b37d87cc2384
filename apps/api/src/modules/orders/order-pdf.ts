import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { DELIVERY_TYPE_LABELS, type AdminOrderDetail } from '@store/shared/admin-orders';
import type { AddressSnapshot } from '@store/shared/checkout';
import {
  COURIER_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  ZONE_LABELS,
} from '@store/shared/checkout-rules';
import { formatDhakaDateTime } from '@store/shared/dhaka-time';
import { formatTaka } from '@store/shared/money';

/*
 * An order's invoice and packing slip as PDF (issue 18), drawn with pdfkit in Noto Sans Bengali
 * (docs/back-office.md, "Printing"). The font comes from @fontsource/noto-sans-bengali, which
 * ships it cut into Latin, Latin Extended and Bengali faces (WOFF: fontkit cannot subset its
 * WOFF2 files), so every piece of text is drawn in runs, each in the face that holds its letters:
 * ৳ and Bangla names and addresses in the Bengali face, the rest in the Latin ones.
 */

/**
 * The plain TrueType font inside a WOFF 1.0 file (W3C WOFF 1.0, §3–§5: a header, a table directory,
 * each table zlib-compressed unless that saves nothing). fontkit reads WOFF itself but inflates a
 * table on every read, in JavaScript: 250–800 ms of event loop per document here, against ~20 ms from TrueType.
 */
export function sfntOf(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const head = Buffer.alloc(12 + 16 * numTables);
  woff.copy(head, 0, 4, 8); // the flavor: 0x00010000 for TrueType outlines
  head.writeUInt16BE(numTables, 4);
  head.writeUInt16BE(16 * 2 ** entrySelector, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(16 * numTables - 16 * 2 ** entrySelector, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((t, i) => {
    const record = 12 + 16 * i;
    t.tag.copy(head, record);
    head.writeUInt32BE(t.checksum, record + 4);
    head.writeUInt32BE(offset, record + 8);
    head.writeUInt32BE(t.data.length, record + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** Who the documents come from: the shop's name and how customers reach it. */
export type ShopContact = { name: string; phone: string; email: string };

const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@fontsource/noto-sans-bengali';
// The order a character looks for its face in: the Bengali face first, as it holds the joiners (ZWJ, ZWNJ) conjuncts need.
const SUBSETS = ['bengali', 'latin', 'latin-ext'] as const;
type Subset = (typeof SUBSETS)[number];
type Weight = 400 | 700;
const faceName = (subset: Subset, weight: Weight) => `${subset}-${weight}`;

type Faces = { files: Map<string, Buffer>; ranges: Record<Subset, [number, number][]> };
let faces: Faces | null = null;

/** The font's faces and the characters each holds (its unicode.json, 'U+0951-0952,U+0964,…'), read once. */
function loadFaces(): Faces {
  if (faces) return faces;
  const unicode = require(`${FONT_PACKAGE}/unicode.json`) as Record<Subset, string>;
  const parse = (list: string) =>
    list.split(',').map((part): [number, number] => {
      const [lo = '', hi = lo] = part.trim().replace(/^U\+/, '').split('-');
      return [parseInt(lo, 16), parseInt(hi, 16)];
    });
  const files = new Map<string, Buffer>();
  for (const subset of SUBSETS)
    for (const weight of [400, 700] as const)
      files.set(
        faceName(subset, weight),
        sfntOf(readFileSync(require.resolve(`${FONT_PACKAGE}/files/noto-sans-bengali-${subset}-${weight}-normal.woff`))),
      );
  faces = { files, ranges: { bengali: parse(unicode.bengali), latin: parse(unicode.latin), 'latin-ext': parse(unicode['latin-ext']) } };
  return faces;
}

type Run = { subset: Subset; text: string };

/** The text cut where its face changes; a character no face holds stays with the Latin face (a box, as anywhere). */
function runsOf(text: string, ranges: Faces['ranges']): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const subset = SUBSETS.find((s) => ranges[s].some(([lo, hi]) => cp >= lo && cp <= hi)) ?? 'latin';
    const last = runs.at(-1);
    if (last?.subset === subset) last.text += ch;
    else runs.push({ subset, text: ch });
  }
  return runs;
}

type Style = { size?: number; bold?: boolean; color?: string };
const INK = '#111111';
const MUTED = '#555555';
const LINE = '#bbbbbb';

/** A4 in points, with its margins. */
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;

/** A pdfkit document that writes any text in runs of the right face, and its bytes once ended. */
class Sheet {
  readonly doc: PDFKit.PDFDocument;
  private readonly ranges: Faces['ranges'];
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(
    private readonly title: string,
    shop: ShopContact,
    at: Date,
  ) {
    const { files, ranges } = loadFaces();
    this.ranges = ranges;
    // No default font: pdfkit would open Helvetica, which has neither ৳ nor Bangla.
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      font: '',
      lang: 'en',
      displayTitle: true,
      bufferPages: true,
      info: { Title: title, Author: shop.name, Creator: shop.name, CreationDate: at },
    });
    for (const [name, file] of files) this.doc.registerFont(name, file);
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  private use(subset: Subset, style: Style) {
    this.doc
      .font(faceName(subset, style.bold ? 700 : 400))
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? INK);
  }

  /** The width of a line of text in the style, shaped (conjuncts and all). */
  widthOf(text: string, style: Style = {}): number {
    let width = 0;
    for (const run of runsOf(text, this.ranges)) {
      this.use(run.subset, style);
      width += this.doc.widthOfString(run.text);
    }
    return width;
  }

  /** One line's height in the style: every face is cut from one font, so they share it. */
  lineHeight(style: Style = {}): number {
    this.use('latin', style);
    return this.doc.currentLineHeight(true);
  }

  /** How tall the text is once wrapped to the width (measured in the face of its first letter: near enough to plan a page). */
  heightOf(text: string, width: number, style: Style = {}): number {
    if (!text) return 0;
    this.use(runsOf(text, this.ranges)[0]!.subset, style);
    return this.doc.heightOfString(text, { width });
  }

  /**
   * Writes the text in the box from (x, y), the width wide: on one line, left or right aligned, when
   * it fits; wrapped (left aligned) when not. Returns the y under it.
   */
  text(text: string, x: number, y: number, width: number, style: Style = {}, align: 'left' | 'right' = 'left'): number {
    if (!text) return y;
    const runs = runsOf(text, this.ranges);
    const oneLine = this.widthOf(text, style);
    if (oneLine <= width) {
      let cx = align === 'right' ? x + width - oneLine : x;
      for (const run of runs) {
        this.use(run.subset, style);
        this.doc.text(run.text, cx, y, { lineBreak: false });
        cx += this.doc.widthOfString(run.text);
      }
      return y + this.lineHeight(style);
    }
    runs.forEach((run, i) => {
      this.use(run.subset, style);
      const continued = i < runs.length - 1;
      if (i === 0) this.doc.text(run.text, x, y, { width, continued });
      else this.doc.text(run.text, { continued });
    });
    return this.doc.y;
  }

  rule(y: number, x = PAGE.margin, width = CONTENT_WIDTH) {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
  }

  /** A new page when what comes next (this tall) would run past the bottom margin; returns where to go on. */
  room(y: number, height: number): number {
    if (y + height <= BOTTOM) return y;
    this.doc.addPage();
    return PAGE.margin;
  }

  /** Numbers the pages of a document longer than one, each with its title, and gives its bytes. */
  end(): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = 0; count > 1 && i < count; i++) {
      this.doc.switchToPage(start + i);
      this.text(`${this.title} · page ${i + 1} of ${count}`, PAGE.margin, BOTTOM + 12, CONTENT_WIDTH, { size: 8, color: MUTED }, 'right');
    }
    this.doc.end();
    return this.done;
  }
}

const placed = (order: AdminOrderDetail) => `Placed ${formatDhakaDateTime(new Date(order.created_at))} (Dhaka time)`;

/** The shop's name on the left, the document's name, the order number and date on the right; the y under it. */
function head(sheet: Sheet, order: AdminOrderDetail, shop: ShopContact, title: string, shopLines: string[]): number {
  const left = PAGE.margin;
  const half = CONTENT_WIDTH / 2;
  let y = sheet.text(shop.name, left, PAGE.margin, half, { size: 20, bold: true });
  for (const line of shopLines) y = sheet.text(line, left, y, half, { size: 9, color: MUTED });
  let r = sheet.text(title, left + half, PAGE.margin, half, { size: 16, bold: true }, 'right');
  r = sheet.text(`Order ${order.number}`, left + half, r + 2, half, { size: 11, bold: true }, 'right');
  r = sheet.text(placed(order), left + half, r, half, { size: 9, color: MUTED }, 'right');
  const bottom = Math.max(y, r) + 10;
  sheet.rule(bottom);
  return bottom + 14;
}

function addressLines(a: AddressSnapshot): string[] {
  return [
    a.phone,
    a.company,
    a.address_detail,
    [a.area, a.location, a.division].filter(Boolean).join(', '),
    a.additional_info,
    ZONE_LABELS[a.zone],
  ].filter(Boolean);
}

/** A titled block of lines (a name in bold first); the y under it. */
function block(sheet: Sheet, x: number, y: number, width: number, title: string, name: string, lines: string[]): number {
  let at = sheet.text(title.toUpperCase(), x, y, width, { size: 8, bold: true, color: MUTED }) + 2;
  if (name) at = sheet.text(name, x, at, width, { size: 10, bold: true });
  for (const line of lines) at = sheet.text(line, x, at, width, { size: 10 });
  return at;
}

/** Where the parcel goes: the delivery address, or the store it is collected from. */
function shipTo(order: AdminOrderDetail): { title: string; name: string; lines: string[] } {
  const a = order.shipping_address;
  if (a) return { title: 'Ship to', name: a.name, lines: addressLines(a) };
  const store = order.store_location;
  return {
    title: 'Pickup at the store',
    name: order.contact.name,
    lines: [order.contact.phone ?? '', store ? `${store.name}, ${store.address}` : ''].filter(Boolean),
  };
}

function billedTo(order: AdminOrderDetail): { name: string; lines: string[] } {
  const email = order.contact.email ?? '';
  if (order.billing_address)
    return { name: order.billing_address.name, lines: [...addressLines(order.billing_address), email].filter(Boolean) };
  return {
    name: order.contact.name || order.shipping_address?.name || '',
    lines: [order.contact.phone ?? order.shipping_address?.phone ?? '', email].filter(Boolean),
  };
}

/** How the order is paid, in words: what the courier collects for cash not taken yet. */
export function paymentText(order: AdminOrderDetail): string {
  const method = PAYMENT_METHOD_LABELS[order.payment_method];
  const cash = order.payment_method === 'cod' || order.payment_method === 'cash_on_pickup';
  if (cash && order.payment_status === 'pending') return `${method} — to collect ${formatTaka(order.total)}`;
  if (order.payment_status === 'partially_paid')
    return `${method} — delivery fee ${formatTaka(order.cod_deposit)} paid by bKash; to collect ${formatTaka(order.total - order.cod_deposit)}`;
  return `${method} — ${PAYMENT_STATUS_LABELS[order.payment_status]}`;
}

const lineTitle = (l: AdminOrderDetail['lines'][number]) => (l.variant_title ? `${l.product_title} — ${l.variant_title}` : l.product_title);

/** A table's columns: where each starts and how wide it is, and how its cells align. */
type Column = { title: string; x: number; width: number; align: 'left' | 'right' };

function tableHead(sheet: Sheet, y: number, columns: Column[]): number {
  let bottom = y;
  for (const c of columns) bottom = Math.max(bottom, sheet.text(c.title, c.x, y, c.width, { size: 8, bold: true, color: MUTED }, c.align));
  sheet.rule(bottom + 3);
  return bottom + 8;
}

/** The invoice: who sold what to whom, for how much, and how it is paid. */
export async function invoicePdf(order: AdminOrderDetail, shop: ShopContact, at: Date): Promise<Buffer> {
  const sheet = new Sheet(`Invoice ${order.number}`, shop, at);
  const left = PAGE.margin;
  let y = head(sheet, order, shop, 'INVOICE', [shop.phone, shop.email]);

  const half = CONTENT_WIDTH / 2 - 10;
  const billed = billedTo(order);
  const ship = shipTo(order);
  y =
    Math.max(
      block(sheet, left, y, half, 'Billed to', billed.name, billed.lines),
      block(sheet, left + CONTENT_WIDTH / 2 + 10, y, half, ship.title, ship.name, ship.lines),
    ) + 18;

  const columns: Column[] = [
    { title: 'ITEM', x: left, width: 285, align: 'left' },
    { title: 'QTY', x: left + 290, width: 40, align: 'right' },
    { title: 'UNIT PRICE', x: left + 335, width: 90, align: 'right' },
    { title: 'AMOUNT', x: left + 430, width: CONTENT_WIDTH - 430, align: 'right' },
  ];
  const [item, qty, unit, amount] = columns as [Column, Column, Column, Column];
  y = tableHead(sheet, y, columns);
  for (const l of order.lines) {
    const title = lineTitle(l);
    const height = sheet.heightOf(title, item.width, { size: 10 }) + sheet.lineHeight({ size: 8 }) + 8;
    const top = sheet.room(y, height);
    if (top !== y) y = tableHead(sheet, top, columns);
    let bottom = sheet.text(title, item.x, y, item.width, { size: 10 });
    bottom = sheet.text(`SKU ${l.sku}${l.gift ? ' · free gift' : ''}`, item.x, bottom, item.width, { size: 8, color: MUTED });
    sheet.text(String(l.quantity), qty.x, y, qty.width, { size: 10 }, 'right');
    sheet.text(l.gift ? '—' : formatTaka(l.discounted_price), unit.x, y, unit.width, { size: 10 }, 'right');
    sheet.text(l.gift ? 'Free' : formatTaka(l.line_price), amount.x, y, amount.width, { size: 10 }, 'right');
    y = bottom + 6;
    sheet.rule(y - 3);
  }

  const rows: [string, string, Style?][] = [['Subtotal', formatTaka(order.subtotal)]];
  if (order.rebate > 0) rows.push(['Privilege rebate', `−${formatTaka(order.rebate)}`]);
  if (order.discount > 0) rows.push([`Discount${order.coupon_code ? ` (${order.coupon_code})` : ''}`, `−${formatTaka(order.discount)}`]);
  if (order.referral_discount > 0) rows.push(['Referral welcome discount', `−${formatTaka(order.referral_discount)}`]);
  if (order.points_discount > 0) rows.push([`Points (${order.points_redeemed})`, `−${formatTaka(order.points_discount)}`]);
  const delivery = order.delivery_type === 'pickup' ? 'Pickup' : `Delivery · ${DELIVERY_TYPE_LABELS[order.delivery_type]}`;
  rows.push([
    delivery,
    order.shipping > 0
      ? formatTaka(order.shipping)
      : order.shipping_waived > 0
        ? `Free (${formatTaka(order.shipping_waived)} waived)`
        : 'Free',
  ]);
  rows.push(['Total', formatTaka(order.total), { size: 12, bold: true }]);
  if (order.refunded_amount > 0) rows.push(['Refunded', `−${formatTaka(order.refunded_amount)}`]);

  const labelX = left + 260;
  y = sheet.room(y + 6, rows.length * 18 + 60);
  for (const [label, value, style = { size: 10 }] of rows) {
    if (label === 'Total') sheet.rule(y - 2, labelX, CONTENT_WIDTH - 260);
    sheet.text(label, labelX, y + (label === 'Total' ? 2 : 0), 150, style);
    y = sheet.text(value, labelX + 150, y + (label === 'Total' ? 2 : 0), CONTENT_WIDTH - 410, style, 'right') + 3;
  }

  y += 16;
  y = sheet.text(`Payment: ${paymentText(order)}`, left, y, CONTENT_WIDTH, { size: 11, bold: true });
  y = sheet.text(`Order status: ${ORDER_STATUS_LABELS[order.status]}`, left, y + 2, CONTENT_WIDTH, { size: 9, color: MUTED });
  sheet.text(`Prices in BDT, VAT included. Questions about this order: ${shop.phone} or ${shop.email}.`, left, y + 14, CONTENT_WIDTH, {
    size: 8,
    color: MUTED,
  });
  return sheet.end();
}

/** The packing slip: what goes in the parcel and where it goes, with no prices. */
export async function packingSlipPdf(order: AdminOrderDetail, shop: ShopContact, at: Date): Promise<Buffer> {
  const sheet = new Sheet(`Packing slip ${order.number}`, shop, at);
  const left = PAGE.margin;
  let y = head(sheet, order, shop, 'PACKING SLIP', []);

  const half = CONTENT_WIDTH / 2 - 10;
  const ship = shipTo(order);
  const parcel: string[] = [DELIVERY_TYPE_LABELS[order.delivery_type]];
  if (order.courier) parcel.push(`Courier: ${COURIER_LABELS[order.courier]}`);
  if (order.tracking_code) parcel.push(`Tracking: ${order.tracking_code}`);
  if (order.consignment_id) parcel.push(`Consignment: ${order.consignment_id}`);
  y =
    Math.max(
      block(sheet, left, y, half, ship.title, ship.name, ship.lines),
      block(sheet, left + CONTENT_WIDTH / 2 + 10, y, half, 'Delivery', '', parcel),
    ) + 18;

  const columns: Column[] = [
    { title: '', x: left, width: 20, align: 'left' },
    { title: 'QTY', x: left + 24, width: 36, align: 'right' },
    { title: 'SKU', x: left + 72, width: 120, align: 'left' },
    { title: 'ITEM', x: left + 196, width: CONTENT_WIDTH - 196, align: 'left' },
  ];
  const [, qty, sku, item] = columns as [Column, Column, Column, Column];
  y = tableHead(sheet, y, columns);
  for (const l of order.lines) {
    const title = `${lineTitle(l)}${l.gift ? ' (free gift)' : ''}`;
    const height = Math.max(sheet.heightOf(title, item.width, { size: 11 }), sheet.heightOf(l.sku, sku.width, { size: 11 })) + 10;
    const top = sheet.room(y, height);
    if (top !== y) y = tableHead(sheet, top, columns);
    sheet.doc
      .rect(left + 2, y + 2, 11, 11)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke();
    sheet.text(String(l.quantity), qty.x, y, qty.width, { size: 11, bold: true }, 'right');
    const bottom = Math.max(sheet.text(l.sku, sku.x, y, sku.width, { size: 11 }), sheet.text(title, item.x, y, item.width, { size: 11 }));
    y = bottom + 8;
    sheet.rule(y - 4);
  }
  const count = order.lines.reduce((n, l) => n + l.quantity, 0);
  y = sheet.text(
    `${count} ${count === 1 ? 'item' : 'items'} in ${order.lines.length} ${order.lines.length === 1 ? 'line' : 'lines'}`,
    left,
    y + 4,
    CONTENT_WIDTH,
    {
      size: 10,
      bold: true,
    },
  );
  if (order.note) {
    y = sheet.room(y + 14, sheet.heightOf(order.note, CONTENT_WIDTH, { size: 10 }) + 20);
    y = sheet.text('SHOPPER’S NOTE', left, y, CONTENT_WIDTH, { size: 8, bold: true, color: MUTED }) + 2;
    sheet.text(order.note, left, y, CONTENT_WIDTH, { size: 10 });
  }
  return sheet.end();
}
