import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardMessages, isCardNumber, luhnCheckDigit, type AdminCard, type AdminCardPage, type CardUse } from '@store/shared/admin-cards';
import type { ApiErrorBody } from '@store/shared/api';
import type { MyPrivilegeCard } from '@store/shared/auth';
import type { Cart } from '@store/shared/cart';
import { NOTHING_TO_CHANGE } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { orders } from '../orders/orders.tables.js';
import { auditLog } from '../staff/staff.tables.js';
import { privilegeCards } from './cart.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;
let seq = 0;
/** A valid card number no other test uses: 11 digits and the Luhn digit. */
const cardNumber = () => {
  const body = `7${String(Date.now() % 1_000_000).padStart(6, '0')}${String((seq += 1)).padStart(4, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
};

describe('card numbers', () => {
  it('are 12 digits with a Luhn check digit', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    const n = cardNumber();
    expect(isCardNumber(n)).toBe(true);
    // One digit wrong, or two neighbours swapped, fails the check.
    const wrong = `${n.slice(0, 5)}${(Number(n[5]) + 1) % 10}${n.slice(6)}`;
    expect(isCardNumber(wrong)).toBe(false);
    expect(isCardNumber(n.slice(0, 11))).toBe(false);
  });
});

describeOnDatabases('privilege cards', (ctx) => {
  const app = () => ctx().app;
  let editor: { client: StaffClient };
  let c: TestCatalog;
  const issue = async (over: Record<string, unknown> = {}) => {
    const res = await editor.client.post('/offers/cards/', { number: '', percent: 10, expires_on: null, customer: null, ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: AdminCard }>().data;
  };
  const link = (s: Awaited<ReturnType<typeof newCustomer>>, number: string) => s.request('POST', '/accounts/privilege-card/', { number });

  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'pc');
  });
  beforeEach(async () => {
    editor = await signedInStaff(app(), ctx().env, 'catalog_editor');
  });

  it('issues cards (typed or generated), audited, and lists them with search and pages', async () => {
    const typed = cardNumber();
    const a = await issue({ number: `${typed.slice(0, 4)} ${typed.slice(4, 8)}-${typed.slice(8)}`, percent: 7, expires_on: '2099-12-31' });
    expect(a).toMatchObject({
      number: typed,
      percent: 7,
      expires_on: '2099-12-31',
      state: 'active',
      holder: null,
      orders: 0,
      rebate_total: 0,
    });
    const generated = await issue();
    expect(isCardNumber(generated.number)).toBe(true);
    const [stored] = await ctx().db.select().from(privilegeCards).where(eq(privilegeCards.id, a.id));
    // Valid through 31 December in Dhaka: it stops at the next midnight there.
    expect(stored!.expiresAt?.toISOString()).toBe('2099-12-31T18:00:00.000Z');
    const [audit] = await ctx()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(a.id)));
    expect(audit).toMatchObject({ action: 'privilege_card.issue', entity: 'privilege_card' });

    const s = await newCustomer(app());
    const held = await issue({ customer: s.phone.replace('+880', '0'), percent: 12 });
    expect(held.holder).toMatchObject({ id: s.customerId, name: 'Nusrat Jahan', phone: s.phone });

    const found = (await editor.client.get(`/offers/cards/?q=${typed.slice(3, 9)}`)).json<AdminCardPage>();
    expect(found.data.map((x) => x.id)).toEqual([a.id]);
    const byPhone = (await editor.client.get(`/offers/cards/?q=${encodeURIComponent(s.phone.slice(-8))}`)).json<AdminCardPage>();
    expect(byPhone.data.map((x) => x.id)).toEqual([held.id]);
    const page = (await editor.client.get('/offers/cards/?page_size=2&page=1')).json<AdminCardPage>();
    expect(page.data).toHaveLength(2);
    expect(page.meta.total).toBeGreaterThanOrEqual(3);
    expect(page.data[0]!.id).toBe(held.id);
    expect((await editor.client.get('/offers/cards/?page_size=2&page=2')).json<AdminCardPage>().data.map((x) => x.id)).toContain(a.id);
  });

  it('refuses bad input with a field message and issues nothing', async () => {
    const taken = await issue();
    const s = await newCustomer(app());
    const held = await issue({ customer: s.phone });
    const before = (await ctx().db.select({ n: count() }).from(privilegeCards))[0]!.n;
    const n = cardNumber();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ number: taken.number }, 'number', cardMessages.numberTaken],
      [{ number: `${n.slice(0, 11)}${(Number(n[11]) + 1) % 10}` }, 'number', cardMessages.number],
      [{ number: '12345' }, 'number', cardMessages.number],
      [{ number: 'x'.repeat(100_000) }, 'number', cardMessages.number],
      [{ percent: 51 }, 'percent', cardMessages.percent],
      [{ percent: 0 }, 'percent', cardMessages.percent],
      [{ percent: -5 }, 'percent', cardMessages.percent],
      [{ percent: 2.5 }, 'percent', cardMessages.wholeNumber],
      [{ percent: '10' }, 'percent', cardMessages.number_],
      [{ expires_on: '31/12/2099' }, 'expires_on', cardMessages.expiry],
      [{ customer: 'nobody-here@example.com' }, 'customer', cardMessages.customerUnknown],
      [{ customer: s.phone }, 'customer', cardMessages.customerHasCard(held.number)],
      [{ customer: 'a\u0000b@example.com' }, 'customer', messages.textNotAllowed()],
      [{ customer: 'x'.repeat(100_000) }, 'customer', cardMessages.customer],
    ];
    for (const [over, field, message] of cases) {
      const res = await editor.client.post('/offers/cards/', { number: '', percent: 10, expires_on: null, customer: null, ...over });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(errorOf(res).fields?.[field], field).toBe(message);
    }
    expect((await ctx().db.select({ n: count() }).from(privilegeCards))[0]!.n).toBe(before);
  });

  it('edits, switches off, links and unlinks a card, audited', async () => {
    const card = await issue();
    const email = `holder${Date.now()}@example.com`;
    const s = await newCustomer(app(), { email });
    expect(errorOf(await editor.client.patch(`/offers/cards/${card.id}/`, {})).fields?._).toBe(NOTHING_TO_CHANGE);
    expect(errorOf(await editor.client.patch(`/offers/cards/${card.id}/`, { percent: 60 })).fields).toEqual({
      percent: cardMessages.percent,
    });
    const edited = (await editor.client.patch(`/offers/cards/${card.id}/`, { percent: 15, expires_on: '2000-01-01' })).json<{
      data: AdminCard;
    }>();
    expect(edited.data).toMatchObject({ percent: 15, expires_on: '2000-01-01', state: 'expired' });
    const linked = (
      await editor.client.patch(`/offers/cards/${card.id}/`, { customer: ` ${email.toUpperCase()} `, expires_on: null })
    ).json<{
      data: AdminCard;
    }>();
    expect(linked.data).toMatchObject({ state: 'active', holder: { id: s.customerId } });
    // The holder cannot take a second card.
    const other = await issue();
    expect(errorOf(await editor.client.patch(`/offers/cards/${other.id}/`, { customer: s.phone })).fields).toEqual({
      customer: cardMessages.customerHasCard(card.number),
    });
    // A save from the copy loaded before the link is refused, and changes nothing.
    const stale = await editor.client.patch(`/offers/cards/${card.id}/`, { percent: 40, updated_at: edited.data.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'edit_conflict', message: cardMessages.editConflict });
    expect((await editor.client.get(`/offers/cards/${card.id}/`)).json<{ data: AdminCard }>().data).toMatchObject({
      percent: 15,
      updated_at: linked.data.updated_at,
    });
    const off = (await editor.client.patch(`/offers/cards/${card.id}/`, { active: false, updated_at: linked.data.updated_at })).json<{
      data: AdminCard;
    }>();
    expect(off.data.state).toBe('inactive');
    const unlinked = (await editor.client.patch(`/offers/cards/${card.id}/`, { customer: null })).json<{ data: AdminCard }>();
    expect(unlinked.data.holder).toBeNull();
    const actions = (
      await ctx()
        .db.select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(card.id)))
        .orderBy(auditLog.id)
    )
      .filter((r) => r.entity === 'privilege_card')
      .map((r) => r.action);
    expect(actions).toEqual([
      'privilege_card.issue',
      'privilege_card.update',
      'privilege_card.link',
      'privilege_card.switch_off',
      'privilege_card.unlink',
    ]);
    expect((await editor.client.get('/offers/cards/2000000/')).statusCode).toBe(404);
  });

  it('is for roles with offers.write', async () => {
    const content = await signedInStaff(app(), ctx().env, 'content_editor');
    expect((await content.client.get('/offers/cards/')).statusCode).toBe(403);
    const fulfilment = await signedInStaff(app(), ctx().env, 'fulfilment');
    expect((await fulfilment.client.post('/offers/cards/', { number: '', percent: 10, expires_on: null, customer: null })).statusCode).toBe(
      403,
    );
    expect((await app().inject({ method: 'GET', url: '/api/v1/admin/offers/cards/' })).statusCode).toBe(401);
  });

  it('gives the holder the rebate in the bag, and the order records the card', async () => {
    const s = await newCustomer(app());
    const card = await issue({ customer: s.phone, percent: 10 });
    await s.add(c.cream50.id, 2);
    const bag = (await s.request('GET', '/cart/')).json<{ data: Cart }>().data;
    // 2 × ৳1,500 = ৳3,000; 10% off: ৳300.
    expect(bag.rebate).toMatchObject({ percent: 10, amount: 30_000, card: `•••• ${card.number.slice(-4)}` });
    await s.address();
    const paid = await s.pay({}, `card-order-${card.id}`);
    expect(paid.statusCode, paid.body).toBe(200);
    const number = payData(paid).order.number;
    const [order] = await ctx().db.select().from(orders).where(eq(orders.number, number));
    expect(order).toMatchObject({ privilegeCardId: card.id, rebate: 30_000 });

    const uses = (await editor.client.get(`/offers/cards/${card.id}/uses/`)).json<{ data: CardUse[] }>().data;
    expect(uses).toEqual([
      { order: number, order_id: order!.id, customer: 'Nusrat Jahan', placed_at: expect.any(String), cancelled: false, rebate: 30_000 },
    ]);
    expect((await editor.client.get(`/offers/cards/${card.id}/`)).json<{ data: AdminCard }>().data).toMatchObject({
      orders: 1,
      rebate_total: 30_000,
    });

    // Switched off, the card gives nothing and the next order records none.
    await editor.client.patch(`/offers/cards/${card.id}/`, { active: false });
    await s.add(c.cream50.id, 1);
    expect((await s.request('GET', '/cart/')).json<{ data: Cart }>().data.rebate).toBeNull();
    const next = await s.pay({}, `card-order-off-${card.id}`);
    const [plain] = await ctx()
      .db.select()
      .from(orders)
      .where(eq(orders.number, payData(next).order.number));
    expect(plain).toMatchObject({ privilegeCardId: null, rebate: 0 });
  });

  describe('in the account', () => {
    it('links a free card, shows it masked, gives the rebate, and removes it', async () => {
      const s = await newCustomer(app());
      const card = await issue({ percent: 8, expires_on: '2099-06-30' });
      expect((await s.request('GET', '/accounts/privilege-card/')).json()).toEqual({ data: null });
      const res = await link(s, `${card.number.slice(0, 6)} ${card.number.slice(6)}`);
      expect(res.statusCode, res.body).toBe(200);
      const mine: MyPrivilegeCard = { card: `•••• ${card.number.slice(-4)}`, percent: 8, expires_on: '2099-06-30' };
      expect(res.json()).toEqual({ success: true, detail: messages.privilegeCardLinked(), data: mine });
      expect((await s.request('GET', '/accounts/privilege-card/')).json()).toEqual({ data: mine });
      expect((await editor.client.get(`/offers/cards/${card.id}/`)).json<{ data: AdminCard }>().data.holder?.id).toBe(s.customerId);
      await s.add(c.serum30.id, 1);
      expect((await s.request('GET', '/cart/')).json<{ data: Cart }>().data.rebate).toMatchObject({ percent: 8 });

      const removed = await s.request('DELETE', '/accounts/privilege-card/');
      expect(removed.json()).toEqual({ success: true, detail: messages.privilegeCardRemoved() });
      expect((await s.request('GET', '/accounts/privilege-card/')).json()).toEqual({ data: null });
      expect((await s.request('GET', '/cart/')).json<{ data: Cart }>().data.rebate).toBeNull();
      // The card stays, unlinked.
      expect((await editor.client.get(`/offers/cards/${card.id}/`)).json<{ data: AdminCard }>().data).toMatchObject({
        holder: null,
        state: 'active',
      });
    });

    it('answers every failure alike: unknown, someone else’s, off, expired, malformed', async () => {
      const owner = await newCustomer(app());
      const theirs = await issue({ customer: owner.phone });
      const off = await issue();
      await editor.client.patch(`/offers/cards/${off.id}/`, { active: false });
      const expired = await issue({ expires_on: '2001-01-01' });
      const failures = [cardNumber(), theirs.number, off.number, expired.number, '1234'];
      for (const number of failures) {
        const s = await newCustomer(app());
        const res = await link(s, number);
        expect(res.statusCode, number).toBe(400);
        expect(errorOf(res)).toMatchObject({
          message: messages.privilegeCardLinkFailed(),
          fields: { number: messages.privilegeCardLinkFailed() },
        });
      }
      // Someone else's card stays theirs.
      expect((await editor.client.get(`/offers/cards/${theirs.id}/`)).json<{ data: AdminCard }>().data.holder?.id).toBe(owner.customerId);
      expect(
        (await app().inject({ method: 'POST', url: '/api/v1/accounts/privilege-card/', payload: { number: theirs.number } })).statusCode,
      ).toBe(401);
      const s = await newCustomer(app());
      expect(errorOf(await link(s, '')).fields).toEqual({ number: messages.privilegeCardNumberRequired() });
      expect(errorOf(await link(s, 'x'.repeat(100_000))).fields).toEqual({ number: messages.privilegeCardLinkFailed() });
    });

    it('limits link tries to 5 per 15 minutes per customer', async () => {
      const s = await newCustomer(app());
      const card = await issue();
      for (let i = 0; i < 5; i += 1) expect((await link(s, cardNumber())).statusCode).toBe(400);
      const limited = await link(s, card.number);
      expect(limited.statusCode).toBe(429);
      expect((await s.request('GET', '/accounts/privilege-card/')).json()).toEqual({ data: null });
      // Another customer is not held up.
      expect((await link(await newCustomer(app()), card.number)).statusCode).toBe(200);
    });
  });
});
