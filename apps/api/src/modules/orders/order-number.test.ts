import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/support/app.js';
import { orderNumberSeq } from './orders.tables.js';
import { nextOrderNumber } from './orders.service.js';

describeOnDatabases('order numbers', (ctx) => {
  it('are GB-YYMM- and at least six digits, and keep counting past 999,999 without repeating', async () => {
    const { db } = ctx();
    const at = new Date('2026-11-28T20:00:00Z'); // 02:00 on 29 November in Dhaka
    await db.execute(sql`select setval(${orderNumberSeq.seqName}, 999998)`);
    const numbers = [await nextOrderNumber({ db }, at), await nextOrderNumber({ db }, at), await nextOrderNumber({ db }, at)];
    expect(numbers).toEqual(['GB-2611-999999', 'GB-2611-1000000', 'GB-2611-1000001']);
    await db.execute(sql`select setval(${orderNumberSeq.seqName}, 41)`);
    // 01:00 on 1 December in Dhaka: the month is Dhaka's, not UTC's.
    expect(await nextOrderNumber({ db }, new Date('2026-11-30T19:00:00Z'))).toBe('GB-2612-000042');
  });
});
