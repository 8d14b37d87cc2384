import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeVerifySign, signSslFields, verifySslSign } from './sslcommerz-client.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe("SSLCommerz's verify_sign", () => {
  const fields = {
    tran_id: 'GB-2611-001234-ab12',
    val_id: '2611211234abc',
    amount: '1860.00',
    currency: 'BDT',
    status: 'VALID',
    card_type: 'VISA-Dutch Bangla',
  };

  it('is md5 of the verify_key fields and md5(store password), sorted by name, joined as k=v&k=v', () => {
    const keys = ['tran_id', 'val_id', 'amount', 'currency', 'status'];
    const expected = md5(
      `amount=1860.00&currency=BDT&status=VALID&store_passwd=${md5('secret@ssl')}&tran_id=GB-2611-001234-ab12&val_id=2611211234abc`,
    );
    expect(computeVerifySign(fields, keys, 'secret@ssl')).toBe(expected);
  });

  it('accepts a signed message and refuses a changed field, another password or an unsigned decisive field', () => {
    const signed = signSslFields(fields, 'secret@ssl');
    expect(verifySslSign(signed, 'secret@ssl')).toBe(true);
    expect(verifySslSign({ ...signed, amount: '10.00' }, 'secret@ssl')).toBe(false);
    expect(verifySslSign(signed, 'other')).toBe(false);
    expect(verifySslSign({ ...signed, verify_key: 'tran_id,currency,status,val_id' }, 'secret@ssl')).toBe(false);
    expect(verifySslSign({ ...fields, verify_sign: 'x', verify_key: 'amount' }, 'secret@ssl')).toBe(false);
    expect(verifySslSign(fields, 'secret@ssl')).toBe(false);
  });
});
