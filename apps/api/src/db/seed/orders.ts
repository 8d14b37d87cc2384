import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AddressSnapshot } from '@store/shared/checkout';
import type { DeliveryZone, OrderStatus, PaymentMethod, PaymentStatus } from '@store/shared/checkout-rules';
import { discountedPrice } from '@store/shared/money';
import type { Db } from '../client.js';
import { brands, customers, orderEvents, orderLines, orders, phoneDeliveryRecords, products, variants } from '../schema.js';
import { nextOrderNumber } from '../../modules/orders/index.js';
import { rng } from './random.js';

/*
 * The demo shop's order book (development only, docs/demo-data.md): a dozen customers and their
 * orders over the last month in every state, so the back office's order list, an order's timeline,
 * the COD risk and the dashboard have something to show on a fresh machine. Each order is written
 * as it would stand after its history (lines, totals, events, the phones' delivery records); the
 * stock is left as the catalogue seed set it. Idempotent: a second run finds the customers and adds nothing.
 */

const DEMO_PHONE_PREFIX = '+88017990000';
const NAMES = [
  ['Nusrat', 'Jahan'],
  ['Tanvir', 'Hasan'],
  ['Farhana', 'Akter'],
  ['Rafiq', 'Islam'],
  ['Sadia', 'Rahman'],
  ['Imran', 'Hossain'],
  ['Mim', 'Chowdhury'],
  ['Arif', 'Ahmed'],
  ['Lamia', 'Sultana'],
  ['Shakil', 'Khan'],
  ['Tania', 'Begum'],
  ['Jubayer', 'Alam'],
] as const;

const PLACES: { division: string; location: string; area: string; zone: DeliveryZone; fee: number }[] = [
  { division: 'Dhaka', location: 'Dhaka', area: 'Dhanmondi', zone: 'inside_dhaka', fee: 6_000 },
  { division: 'Dhaka', location: 'Dhaka', area: 'Mirpur', zone: 'inside_dhaka', fee: 6_000 },
  { division: 'Dhaka', location: 'Narayanganj', area: 'Fatullah', zone: 'dhaka_suburb', fee: 10_000 },
  { division: 'Chattogram', location: 'Chattogram', area: 'Agrabad', zone: 'outside_dhaka', fee: 13_000 },
  { division: 'Sylhet', location: 'Sylhet', area: 'Jalalabad', zone: 'outside_dhaka', fee: 13_000 },
];

/** Each demo order's story: where it ended, how it was paid, and the steps it went through. */
type Story = { status: OrderStatus; payment: PaymentStatus; method: PaymentMethod; steps: OrderStatus[] };

const STORIES: Story[] = [
  { status: 'placed', payment: 'pending', method: 'cod', steps: [] },
  { status: 'confirmed', payment: 'pending', method: 'cod', steps: ['confirmed'] },
  { status: 'packed', payment: 'pending', method: 'cod', steps: ['confirmed', 'packed'] },
  { status: 'delivered', payment: 'paid', method: 'cod', steps: ['confirmed', 'packed', 'shipped', 'in_transit', 'delivered'] },
  { status: 'delivered', payment: 'paid', method: 'cod', steps: ['confirmed', 'shipped', 'delivered'] },
  { status: 'returned', payment: 'pending', method: 'cod', steps: ['confirmed', 'shipped', 'in_transit', 'returned'] },
  { status: 'cancelled', payment: 'voided', method: 'cod', steps: ['cancelled'] },
  { status: 'delivered', payment: 'paid', method: 'cash_on_pickup', steps: ['confirmed', 'packed', 'delivered'] },
];

const STAFF_DONE: readonly OrderStatus[] = ['confirmed', 'packed', 'cancelled'];

export async function seedDemoOrders(db: Db, now: Date): Promise<void> {
  const phones = NAMES.map((_, i) => `${DEMO_PHONE_PREFIX}${String(i + 10).padStart(2, '0')}`);
  const existing = await db.select({ id: customers.id }).from(customers).where(inArray(customers.phone, phones));
  if (existing.length) return;
  const stock = await db
    .select({
      variantId: variants.id,
      productId: products.id,
      sku: variants.sku,
      title: variants.title,
      price: variants.price,
      discount: variants.discount,
      name: products.name,
      handle: products.handle,
      images: products.images,
      vendor: brands.name,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.published, true), sql`${variants.stock} > 0`))
    .orderBy(asc(variants.id))
    .limit(60);
  if (stock.length === 0) return;
  const r = rng('demo-orders');
  const people = await db
    .insert(customers)
    .values(
      NAMES.map(([firstName, lastName], i) => ({
        phone: phones[i]!,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
        firstName,
        lastName,
        verifiedSms: true,
        createdAt: new Date(now.getTime() - 40 * 86_400_000),
      })),
    )
    .returning();
  const records = new Map<string, { delivered: number; returned: number; cancelled: number }>();
  for (let n = 0; n < 36; n++) {
    const person = people[n % people.length]!;
    // The last customers are the ones who refuse parcels: their phones end up high risk.
    const story = person.id === people.at(-1)!.id && n % 2 === 0 ? STORIES[5]! : r.pick(STORIES);
    const place = r.pick(PLACES);
    const at = new Date(now.getTime() - (36 - n) * 20 * 3_600_000 - r.int(0, 3_000_000));
    const picks = r.sample(stock, r.int(1, 3));
    const lines = picks.map((v) => {
      const quantity = r.int(1, 2);
      const unit = discountedPrice(v.price, v.discount);
      return {
        variantId: v.variantId,
        productId: v.productId,
        sku: v.sku,
        productTitle: v.name,
        variantTitle: v.title,
        vendor: v.vendor,
        image: v.images[0] ? { url: v.images[0].mobile, alt: v.name, width: 400, height: 400 } : null,
        productUrl: `/products/${v.handle}`,
        quantity,
        price: v.price,
        discountedPrice: unit,
        linePrice: unit * quantity,
      };
    });
    const pickup = story.method === 'cash_on_pickup';
    const subtotal = lines.reduce((s, l) => s + l.linePrice, 0);
    const shipping = pickup ? 0 : subtotal >= 200_000 && place.zone === 'inside_dhaka' ? 0 : place.fee;
    const name = `${person.firstName} ${person.lastName}`;
    const address: AddressSnapshot = {
      name,
      phone: person.phone!,
      email: person.email,
      company: '',
      division: place.division,
      location: place.location,
      area: place.area,
      address_detail: `House ${r.int(1, 90)}, Road ${r.int(1, 30)}`,
      additional_info: '',
      zone: place.zone,
    };
    const [order] = await db
      .insert(orders)
      .values({
        number: await nextOrderNumber({ db }, at),
        token: randomBytes(18).toString('base64url'),
        customerId: person.id,
        status: story.status,
        paymentStatus: story.payment,
        paymentMethod: story.method,
        deliveryType: pickup ? 'pickup' : 'standard',
        zone: pickup ? null : place.zone,
        storeLocation: pickup ? { name: 'Glow Bazaar Gulshan', address: 'Road 90, Gulshan 2, Dhaka', hours: 'Daily 10:00–21:00' } : null,
        shippingAddress: pickup ? null : address,
        contactName: name,
        contactPhone: person.phone,
        contactEmail: person.email,
        subtotal,
        shipping,
        total: subtotal + shipping,
        createdAt: at,
        updatedAt: at,
        notifiedAt: at,
        paidAt: story.payment === 'paid' ? new Date(at.getTime() + 3 * 86_400_000) : null,
        cancelledAt: story.status === 'cancelled' ? new Date(at.getTime() + 3_600_000) : null,
      })
      .returning();
    await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order!.id })));
    let from: OrderStatus = 'placed';
    const events: (typeof orderEvents.$inferInsert)[] = [
      { orderId: order!.id, kind: 'order', fromStatus: null, toStatus: 'placed', reason: 'order placed', createdAt: at },
    ];
    story.steps.forEach((to, i) => {
      const when = new Date(at.getTime() + (i + 1) * 9 * 3_600_000);
      events.push({
        orderId: order!.id,
        kind: 'order',
        fromStatus: from,
        toStatus: to,
        reason: STAFF_DONE.includes(to) ? 'by the demo shop' : 'courier update',
        createdAt: when,
      });
      if (to === 'delivered' && story.payment === 'paid')
        events.push({
          orderId: order!.id,
          kind: 'payment',
          fromStatus: 'pending',
          toStatus: 'paid',
          reason: 'cash collected',
          createdAt: when,
        });
      from = to;
    });
    await db.insert(orderEvents).values(events);
    const record = records.get(person.phone!) ?? { delivered: 0, returned: 0, cancelled: 0 };
    if (story.status === 'delivered') record.delivered++;
    if (story.status === 'returned') record.returned++;
    records.set(person.phone!, record);
  }
  const rows = [...records].filter(([, c]) => c.delivered + c.returned + c.cancelled > 0);
  if (rows.length) await db.insert(phoneDeliveryRecords).values(rows.map(([phone, c]) => ({ phone, ...c, updatedAt: now })));
}
