import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@store/shared/admin-orders';
import { SHOP_NAME } from '@store/shared/constants';
import { formatTaka } from '@store/shared/money';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { sfntOf } from './order-pdf.js';
import { orders } from './orders.tables.js';

/** The text of every page, as a PDF reader extracts it (pdf.js): runs of one line joined as drawn. */
async function pdfText(body: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(body), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}

describeOnDatabases('order invoice and packing slip (PDF)', (ctx) => {
  const app = () => ctx().app;
  let c: TestCatalog;
  let fulfilment: { client: StaffClient };

  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'op');
    fulfilment = await signedInStaff(app(), ctx().env, 'fulfilment');
  });

  /** A COD order of `quantity` serums to a Bangla name and address, with a note for the packer. */
  async function codOrder(quantity: number) {
    const shopper = await newCustomer(app());
    await shopper.add(c.serum30.id, quantity);
    await shopper.address({ name: 'রহিম উদ্দিন', address_detail: 'বাড়ি ১২, মিরপুর ১০, ঢাকা' });
    const res = await shopper.pay({ payment_method: 'cod', note: 'Ring twice, please' }, `op-${Math.random()}`);
    expect(res.statusCode, res.body).toBe(200);
    const number = payData(res).order.number;
    const [row] = await ctx().db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    const detail = await fulfilment.client.get(`/orders/${row!.id}/`);
    return detail.json<{ data: AdminOrderDetail }>().data;
  }

  const pdf = async (id: number, doc: 'invoice' | 'packing-slip') => {
    const res = await fulfilment.client.get(`/orders/${id}/${doc}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return res;
  };

  it('prints the invoice of the order asked for: its number, lines, total and the cash to collect', async () => {
    const one = await codOrder(1);
    const three = await codOrder(3);
    expect(three.total).not.toBe(one.total);

    const res = await pdf(three.id, 'invoice');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${three.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(SHOP_NAME);
    expect(text).toContain(ctx().env.SUPPORT_PHONE);
    expect(text).toContain(`Order ${three.number}`);
    expect(text).not.toContain(one.number);
    const line = three.lines[0]!;
    expect(text).toContain(line.sku);
    expect(text).toContain(formatTaka(line.line_price));
    expect(text).toMatch(new RegExp(`Total\\s*${formatTaka(three.total)}`));
    expect(text).toContain(`Payment: Cash on delivery — to collect ${formatTaka(three.total)}`);
    expect(text).not.toContain(`to collect ${formatTaka(one.total)}`);
    // ৳ and the Bangla name are drawn in the Bengali face, embedded beside the Latin one.
    expect(res.rawPayload.toString('latin1').match(/\/FontFile2/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('৳');
    expect(text).toContain('ঢাকা');
  });

  it('prints the packing slip: ship-to with phone, SKU and quantity to tick, the note, and no price', async () => {
    const o = await codOrder(2);
    const res = await pdf(o.id, 'packing-slip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="packing-slip-${o.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Order ${o.number}`);
    expect(text).toContain(o.shipping_address!.phone);
    expect(text).toMatch(new RegExp(`2\\s*${o.lines[0]!.sku}`));
    expect(text).toContain('Ring twice, please');
    expect(text).not.toContain('৳');
  });

  it('is for staff who may read orders: 401 signed out, 403 for a content editor, 404 for no such order', async () => {
    const o = await codOrder(1);
    for (const doc of ['invoice', 'packing-slip']) {
      expect((await app().inject({ method: 'GET', url: `/api/v1/admin/orders/${o.id}/${doc}/` })).statusCode).toBe(401);
      const editor = await signedInStaff(app(), ctx().env, 'content_editor');
      expect((await editor.client.get(`/orders/${o.id}/${doc}/`)).statusCode).toBe(403);
      const missing = await fulfilment.client.get(`/orders/999999999/${doc}/`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ error: { code: string } }>().error.code).toBe('order_not_found');
    }
  });
});

it('unwraps a WOFF font into the TrueType font it holds', () => {
  const woff = readFileSync(
    createRequire(import.meta.url).resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-latin-400-normal.woff'),
  );
  const ttf = sfntOf(woff);
  // The size the WOFF header says the TrueType font has, and its first bytes: version 1.0 and the table count.
  expect(ttf.length).toBe(woff.readUInt32BE(16));
  expect(ttf.readUInt32BE(0)).toBe(0x00010000);
  expect(ttf.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
  expect(() => sfntOf(Buffer.from('not a font'))).toThrow('Not a WOFF font');
});
