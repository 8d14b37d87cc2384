import { expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import type { RegisterResponse } from '@store/shared/auth';
import type { Address, AddressListResponse, AddressSaveResponse } from '@store/shared/checkout';
import { describeOnDatabases } from '../../../test/support/app.js';
import { latestCode, TestBrowser } from '../../../test/support/test-client.js';

/*
 * Issue 14: the account's address book (/account/addresses) runs on the checkout's address API.
 * These calls are the browser's: a customer signed in by registration (cookie and CSRF header), who
 * lists, adds, edits, deletes and picks a default per type, and never reaches another's addresses.
 */

let seq = 0;
const nextIp = () => `203.0.113.${(seq += 1) % 250}`;
const nextPhone = () => `0195${String(Date.now() % 10_000).padStart(4, '0')}${String((seq += 1) % 1000).padStart(3, '0')}`;
const MAX = 3;

const HOME = {
  name: 'Rokeya Sultana',
  phone: '01712345678',
  division: 'Dhaka',
  location: 'Dhaka',
  area: 'Dhanmondi',
  address_detail: 'House 7, Road 2',
};
const OFFICE = {
  ...HOME,
  name: 'Rokeya (office)',
  area: 'Gulshan',
  address_detail: 'Level 4, Gulshan Avenue',
  additional_info: 'Ask at reception',
};

describeOnDatabases(
  'the address book of an account',
  (ctx) => {
    /** A customer registered with a phone alone and signed in by the SMS code, as in the browser. */
    async function customer() {
      const phone = nextPhone();
      const b = new TestBrowser(ctx().app, nextIp());
      const reg = await b.post('/api/v1/accounts/register/', {
        customer: { phone, first_name: 'Rokeya', last_name: 'Sultana', note: {}, online_customer: true },
      });
      expect(reg.statusCode, reg.body).toBe(201);
      const code = await latestCode(ctx().app, `+880${phone.slice(1)}`);
      const done = await b.post('/api/v1/accounts/verify/', {
        customer_id: reg.json<RegisterResponse>().data.customer_id,
        otp: code,
        password: 'address book pass',
      });
      expect(done.statusCode).toBe(200);
      return b;
    }
    const list = async (b: TestBrowser, type: 'shipping' | 'billing' = 'shipping') => {
      const res = await b.get(`/api/v1/addresses/?type=${type}`);
      expect(res.statusCode).toBe(200);
      return res.json<AddressListResponse>().data;
    };
    const add = async (b: TestBrowser, form: object, type: 'shipping' | 'billing' = 'shipping') => {
      const res = await b.post(`/api/v1/addresses/?type=${type}`, form);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<AddressSaveResponse>();
    };
    /** What the book's 'Set as default' sends: the address as it is, with default true. */
    const setDefault = (b: TestBrowser, a: Address) => {
      const { id, type, zone: _zone, default: _default, ...form } = a;
      return b.put(`/api/v1/addresses/${id}/?type=${type}`, { ...form, default: true });
    };
    const summary = (rows: Address[]) => rows.map((a) => `${a.name}${a.default ? ' *' : ''}`);

    it('adds, edits, sets the default of and deletes addresses, per type', async () => {
      const b = await customer();
      expect(await list(b)).toEqual([]);
      const home = await add(b, HOME);
      expect(home).toMatchObject({
        success: true,
        detail: messages.addAddressSuccess(),
        data: { name: HOME.name, default: true, zone: 'inside_dhaka' },
      });
      const office = (await add(b, OFFICE)).data;
      expect(office.default).toBe(false);
      expect(summary(await list(b))).toEqual(['Rokeya Sultana *', 'Rokeya (office)']);

      const made = await setDefault(b, office);
      expect(made.json()).toMatchObject({ success: true, detail: messages.addressUpdated(), data: { id: office.id, default: true } });
      expect(summary(await list(b))).toEqual(['Rokeya (office) *', 'Rokeya Sultana']);

      const edited = await b.put(`/api/v1/addresses/${home.data.id}/?type=shipping`, { ...HOME, address_detail: 'House 9, Road 2' });
      expect(edited.json().data).toMatchObject({ address_detail: 'House 9, Road 2', default: false });

      // Billing addresses are their own list with their own default.
      const billing = await add(b, OFFICE, 'billing');
      expect(billing.data).toMatchObject({ type: 'billing', default: true });
      expect(summary(await list(b, 'billing'))).toEqual(['Rokeya (office) *']);

      const deleted = await b.delete(`/api/v1/addresses/${office.id}/?type=shipping`);
      expect(deleted.json()).toEqual({ success: true, detail: messages.deleteSuccess() });
      // The default went: the other address takes over.
      expect(summary(await list(b))).toEqual(['Rokeya Sultana *']);
      expect(summary(await list(b, 'billing'))).toEqual(['Rokeya (office) *']);
    });

    it("never shows or changes another shopper's addresses: their ids answer 404 and stay as they were", async () => {
      const owner = await customer();
      const other = await customer();
      const mine = (await add(owner, HOME)).data;
      const second = (await add(owner, OFFICE)).data;
      expect(await list(other)).toEqual([]);

      const edit = await other.put(`/api/v1/addresses/${mine.id}/?type=shipping`, { ...HOME, name: 'Stolen' });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().error).toEqual({ code: 'address_not_found', message: messages.addressNotFound() });
      expect((await setDefault(other, second)).statusCode).toBe(404);
      expect((await other.delete(`/api/v1/addresses/${mine.id}/?type=shipping`)).statusCode).toBe(404);
      // The owner's book is untouched.
      expect(summary(await list(owner))).toEqual(['Rokeya Sultana *', 'Rokeya (office)']);
      expect((await list(owner))[0]!.address_detail).toBe(HOME.address_detail);
      // The other shopper's own first address is their default, not the owner's.
      expect((await add(other, HOME)).data.default).toBe(true);
      expect(summary(await list(owner))).toEqual(['Rokeya Sultana *', 'Rokeya (office)']);
      // Signed out: nothing.
      const visitor = new TestBrowser(ctx().app, nextIp());
      expect((await visitor.get('/api/v1/addresses/?type=shipping')).statusCode).toBe(401);
      expect((await visitor.delete(`/api/v1/addresses/${mine.id}/?type=shipping`)).statusCode).toBe(401);
    });

    it('keeps at most MAX_ADDRESSES_PER_SHOPPER of a type, refusing the next with a clear message', async () => {
      const b = await customer();
      for (let i = 0; i < MAX; i += 1) await add(b, { ...HOME, name: `Address ${i + 1}` });
      const refused = await b.post('/api/v1/addresses/?type=shipping', { ...HOME, name: 'One too many' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'address_limit', message: messages.tooManyAddresses(MAX) });
      expect((await list(b)).map((a) => a.name)).not.toContain('One too many');
      expect(await list(b)).toHaveLength(MAX);
    });

    it('refuses bad input field by field and stores nothing', async () => {
      const b = await customer();
      const bad = await b.post('/api/v1/addresses/?type=shipping', { ...HOME, name: ' ', phone: '01212345678', area: 'Atlantis' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({ name: messages.addressNameRequired(), phone: messages.phoneInvalid() });
      expect(await list(b)).toEqual([]);
      const home = (await add(b, HOME)).data;
      const badEdit = await b.put(`/api/v1/addresses/${home.id}/?type=shipping`, { ...HOME, address_detail: '' });
      expect(badEdit.json().error.fields).toEqual({ address_detail: messages.addressDetailRequired() });
      expect((await list(b))[0]!.address_detail).toBe(HOME.address_detail);
    });
  },
  { env: { MAX_ADDRESSES_PER_SHOPPER: String(MAX) } },
);
