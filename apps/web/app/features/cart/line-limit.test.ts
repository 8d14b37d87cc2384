import { describe, expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import { lowStockNote, maxQuantity, quantityLimit, stockIsLow } from './line-limit';

const phone = '09678-000000';

describe('maxQuantity', () => {
  it('is the stock left, at most 6, never below 0', () => {
    expect(maxQuantity(3)).toBe(3);
    expect(maxQuantity(6)).toBe(6);
    expect(maxQuantity(150)).toBe(6);
    expect(maxQuantity(0)).toBe(0);
    expect(maxQuantity(-2)).toBe(0);
  });
});

describe('quantityLimit', () => {
  it('stops exactly at the stock left and says how many are left', () => {
    expect(quantityLimit(2, 3, phone)).toEqual({ max: 3, atLimit: false, by: 'stock', reason: null });
    expect(quantityLimit(3, 3, phone)).toEqual({ max: 3, atLimit: true, by: 'stock', reason: 'Only 3 left' });
  });

  it('stops at 6 with whom to call when more than 6 are in stock', () => {
    expect(quantityLimit(5, 40, phone)).toEqual({ max: 6, atLimit: false, by: 'limit', reason: null });
    const at6 = quantityLimit(6, 40, phone);
    expect(at6).toMatchObject({ atLimit: true, by: 'limit' });
    expect(at6.reason).toBe(`Up to 6 per item. ${messages.biggerPurchase(phone)}`);
  });

  it('names the stock when stock and the limit of 6 meet', () => {
    expect(quantityLimit(6, 6, phone)).toMatchObject({ atLimit: true, by: 'stock', reason: 'Only 6 left' });
  });

  it('says out of stock when none are left, and stays stopped above a stock that fell', () => {
    expect(quantityLimit(1, 0, phone)).toEqual({ max: 0, atLimit: true, by: 'stock', reason: 'Out of stock' });
    expect(quantityLimit(4, 2, phone)).toMatchObject({ max: 2, atLimit: true, reason: 'Only 2 left' });
  });
});

describe('lowStockNote', () => {
  it('mentions low stock only below the threshold as set', () => {
    expect(lowStockNote(4, 5)).toBe('Only 4 left');
    expect(lowStockNote(5, 5)).toBeNull();
    expect(lowStockNote(9, 10)).toBe('Only 9 left');
    expect(lowStockNote(4, 3)).toBeNull();
    expect(lowStockNote(0, 5)).toBe('Out of stock');
    expect(stockIsLow(2, 3)).toBe(true);
    expect(stockIsLow(3, 3)).toBe(false);
  });

  it('calls nothing low without a threshold (no public config)', () => {
    expect(lowStockNote(1, 0)).toBeNull();
  });
});
