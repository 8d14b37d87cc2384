import { pointsFor } from '@store/shared/loyalty';
import type { Db } from '../../db/client.js';
import { deliveredCustomerOrders, setOrderPointsEarned } from '../orders/index.js';
import { addEntry, lockAccount, raiseTier, readRules, tierOf } from './loyalty.service.js';
import { loyaltyEntries } from './loyalty.tables.js';

/**
 * The demo shop's programme (development only, after the demo orders): each delivered order earned
 * its points when it was delivered, and its customer climbed the tiers as they would have, so the
 * back office's Members and a demo customer's account show a lived-in programme. Does nothing once a
 * ledger exists.
 */
export async function seedDemoLoyalty(db: Db): Promise<void> {
  const [any] = await db.select({ id: loyaltyEntries.id }).from(loyaltyEntries).limit(1);
  if (any) return;
  const rules = await readRules({ db });
  for (const order of await deliveredCustomerOrders({ db })) {
    await db.transaction(async (tx) => {
      const at = order.deliveredAt;
      const account = await lockAccount(tx, order.customerId!, rules, at);
      const paid = Math.max(0, order.total - order.shipping - order.refundedAmount);
      const points = pointsFor(paid, rules, tierOf(rules, account.tier).multiplier);
      await addEntry({ db: tx }, rules, { customerId: order.customerId!, kind: 'earned', points, spend: paid, orderId: order.id }, at);
      await setOrderPointsEarned({ db: tx }, order.id, points);
      await raiseTier(tx, account, rules, at);
    });
  }
}
