import { expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import type { WishlistResponse } from '@store/shared/auth';
import type { ProductListResponse } from '@store/shared/catalog';
import { describeOnDatabases } from '../../../test/support/app.js';
import { latestCode, TestBrowser } from '../../../test/support/test-client.js';

describeOnDatabases(
  'wishlist',
  (ctx) => {
    let n = 0;
    async function customer() {
      n += 1;
      const b = new TestBrowser(ctx().app, `198.18.0.${n}`);
      const phone = `0176${String(n).padStart(7, '0')}`;
      const reg = await b.post('/api/v1/accounts/register/', {
        customer: { email: `wish${n}@gmail.com`, phone, first_name: 'W', last_name: 'L', online_customer: true },
      });
      const code = await latestCode(ctx().app, `+880${phone.slice(1)}`);
      await b.post('/api/v1/accounts/verify/', { customer_id: reg.json().data.customer_id, otp: code, password: 'password123' });
      return b;
    }
    async function productIds(): Promise<number[]> {
      const res = await ctx().app.inject('/api/v1/products/?page_size=3');
      return res.json<ProductListResponse>().results.map((p) => p.id);
    }

    it('adds, lists as product cards, and removes', async () => {
      const b = await customer();
      const [a, c] = await productIds();
      const added = await b.post('/api/v1/wishlist/', { product_id: a });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toEqual({ success: true, message: messages.wishlistAdded() });
      expect((await b.post('/api/v1/wishlist/', { product_id: a })).statusCode).toBe(201);
      await b.post('/api/v1/wishlist/', { product_id: String(c) });
      const list = (await b.get('/api/v1/wishlist/')).json<WishlistResponse>();
      expect(list.data.product_ids.sort()).toEqual([a, c].sort());
      expect(list.data.results).toHaveLength(2);
      expect(list.data.results[0]).toMatchObject({
        id: expect.any(Number),
        url: expect.stringMatching(/^\/brand\//),
        price: expect.any(Number),
      });
      const removed = await b.delete(`/api/v1/wishlist/${a}/`);
      expect(removed.json()).toEqual({ success: true, message: messages.wishlistRemoved() });
      expect((await b.get('/api/v1/wishlist/')).json<WishlistResponse>().data.product_ids).toEqual([c]);
      const again = await b.delete(`/api/v1/wishlist/${a}/`);
      expect(again.statusCode).toBe(404);
      expect(again.json().error.code).toBe('wishlist_item_not_found');
    });

    it("keeps another customer's wishlist untouchable", async () => {
      const owner = await customer();
      const other = await customer();
      const [a] = await productIds();
      await owner.post('/api/v1/wishlist/', { product_id: a });
      expect((await other.get('/api/v1/wishlist/')).json<WishlistResponse>().data.product_ids).toEqual([]);
      expect((await other.delete(`/api/v1/wishlist/${a}/`)).statusCode).toBe(404);
      expect((await owner.get('/api/v1/wishlist/')).json<WishlistResponse>().data.product_ids).toEqual([a]);
    });

    it('refuses unknown products, bad input and visitors', async () => {
      const b = await customer();
      const unknown = await b.post('/api/v1/wishlist/', { product_id: 987654 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('product_not_found');
      const bad = await b.post('/api/v1/wishlist/', { product_id: 'abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.product_id).toBeDefined();
      const visitor = new TestBrowser(ctx().app, '198.18.1.1');
      for (const res of [
        await visitor.get('/api/v1/wishlist/'),
        await visitor.post('/api/v1/wishlist/', { product_id: 1 }),
        await visitor.delete('/api/v1/wishlist/1/'),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error.message).toBe(messages.loginRequired());
      }
    });
  },
  { seed: true },
);
