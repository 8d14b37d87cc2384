import type { Db } from '../../db/client.js';
import { collectionIdByHandle } from '../catalog/index.js';
import { coupons } from './checkout.tables.js';

/** The demo shop's codes (docs/payments.md lists them). Idempotent: a code already there is left alone. */
export async function seedDemoCoupons(db: Db): Promise<void> {
  const kBeauty = await collectionIdByHandle({ db }, 'k-beauty');
  await db
    .insert(coupons)
    .values([
      {
        code: 'WELCOME10',
        kind: 'percentage',
        value: 10,
        title: '10% off',
        description: '10% off your order, once per customer',
        perCustomerLimit: 1,
      },
      {
        code: 'FLAT200',
        kind: 'fixed_amount',
        value: 20_000,
        minSubtotal: 200_000,
        title: '৳200 off',
        description: '৳200 off orders of ৳2,000 or more',
      },
      { code: 'FREESHIP', kind: 'free_shipping', title: 'Free delivery', description: 'Free delivery to the chosen address' },
      {
        code: 'B2G1',
        kind: 'buy_x_get_y',
        buyQuantity: 2,
        getQuantity: 1,
        collectionId: kBeauty,
        title: 'Buy 2, get 1 free',
        description: kBeauty ? 'Buy 2 K-beauty products, get the cheapest of every 3 free' : 'Buy 2, get the cheapest of every 3 free',
      },
    ])
    .onConflictDoNothing({ target: coupons.code });
}
