import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ApiErrorBody } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { addresses } from './checkout.tables.js';
import { ADDRESS_FORM, newCustomer, newGuest, type Shopper } from '../../../test/support/fixtures.js';

const form = ADDRESS_FORM;

describeOnDatabases(
  'addresses per shopper',
  (ctx) => {
    const post = (s: Shopper, type: 'shipping' | 'billing' = 'shipping') => s.request('POST', `/addresses/?type=${type}`, form);
    const held = async (s: Shopper, type: 'shipping' | 'billing') => {
      const owner = s.customerId !== null ? eq(addresses.customerId, s.customerId) : eq(addresses.guestId, s.guestId!);
      return (
        await ctx()
          .db.select({ n: count() })
          .from(addresses)
          .where(and(owner, eq(addresses.type, type)))
      )[0]!.n;
    };

    it('keeps at most MAX_ADDRESSES_PER_SHOPPER of a type for a customer, with a clear 400', async () => {
      const s = await newCustomer(ctx().app);
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await s.address());
      const refused = await post(s);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiErrorBody>().error).toMatchObject({ code: 'address_limit', message: messages.tooManyAddresses(3) });
      expect(messages.tooManyAddresses(20)).toBe('You can keep up to 20 addresses. Please delete one first.');
      expect(await held(s, 'shipping')).toBe(3);
      // Per type: billing addresses have their own allowance.
      expect((await post(s, 'billing')).statusCode).toBe(201);
      // Deleting one makes room again.
      expect((await s.request('DELETE', `/addresses/${made[0]!.id}/?type=shipping`)).statusCode).toBeLessThan(300);
      expect((await post(s)).statusCode).toBe(201);
      expect(await held(s, 'shipping')).toBe(3);
    });

    it('holds for a guest and for parallel requests: exactly the allowance is kept', async () => {
      const g = await newGuest(ctx().app);
      const results = await Promise.all(Array.from({ length: 6 }, () => post(g)));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(3);
      expect(await held(g, 'shipping')).toBe(3);
    });
  },
  { env: { MAX_ADDRESSES_PER_SHOPPER: '3' } },
);
