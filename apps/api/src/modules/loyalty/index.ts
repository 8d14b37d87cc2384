import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { systemCtx } from '../../lib/context.js';
import { connectOrderEffects } from '../orders/index.js';
import { loyaltyOrderEffects } from './effects.js';
import type { VoucherDesk } from './loyalty.service.js';
import type { LoyaltyOutbox } from './messages.js';
import { runLoyaltyUpkeep } from './upkeep.js';

/*
 * The loyalty and referral programme (issue 22; docs/loyalty.md). Its door: what the checkout asks
 * of it (a quote to price with, spending points and recording a referral in the order's
 * transaction), and its start-up (the order effects, the upkeep job, the routes).
 */
export { loyaltyQuote, type LoyaltyQuote } from './account.js';
export { redeemPoints, recordReferral } from './effects.js';
export { accountByCode, progress as tierProgress, tierName, type VoucherDesk } from './loyalty.service.js';
export { runLoyaltyUpkeep, type UpkeepReport } from './upkeep.js';
export { seedDemoLoyalty } from './loyalty.seed.js';
export { loyaltyRoutes } from './loyalty.routes.js';
export { loyaltyAdminRoutes } from './loyalty-admin.routes.js';

export type LoyaltyOptions = { vouchers: VoucherDesk; outbox: LoyaltyOutbox };

/**
 * Connects the programme to orders (earning, reversing and giving back points in the transaction
 * that moves an order) and starts its upkeep job (every LOYALTY_UPKEEP_SECONDS, once across all
 * processes). Returns the disconnect for the app's close.
 */
export function startLoyalty(app: FastifyInstance, clock: Clock, options: LoyaltyOptions): () => void {
  let outbox: LoyaltyOutbox | null = options.outbox;
  const disconnect = connectOrderEffects(loyaltyOrderEffects(() => outbox));
  app.jobs.every('loyalty-upkeep', app.env.LOYALTY_UPKEEP_SECONDS, async () => {
    await runLoyaltyUpkeep({ ...systemCtx(app, clock, 'loyalty-upkeep'), outbox, vouchers: options.vouchers });
  });
  return () => {
    outbox = null;
    disconnect();
  };
}
