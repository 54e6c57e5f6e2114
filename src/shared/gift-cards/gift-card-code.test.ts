import { describe, expect, it } from 'vitest';
import { summaryRows } from '../pricing/summary-rows';
import {
  applyGiftCards,
  GIFT_CARD_CODE_BITS,
  giftCardExpiry,
  groupGiftCardCode,
  normaliseGiftCardCode,
} from './gift-card-code';

describe('gift card codes', () => {
  it('carry at least 80 random bits', () => {
    expect(GIFT_CARD_CODE_BITS).toBeGreaterThanOrEqual(80);
  });

  it('are read in any case, with spaces or dashes, and nothing else is a code', () => {
    expect(normaliseGiftCardCode(' 7kqm-x3hd 9tpw-r2fb-nc6v ')).toBe('7KQMX3HD9TPWR2FBNC6V');
    expect(normaliseGiftCardCode('7KQM-X3HD-9TPW-R2FB-NC6')).toBeNull(); // too short
    expect(normaliseGiftCardCode('OKQM-X3HD-9TPW-R2FB-NC6V')).toBeNull(); // O is not in the alphabet
    expect(normaliseGiftCardCode('1KQM-X3HD-9TPW-R2FB-NC6V')).toBeNull();
    expect(normaliseGiftCardCode(42)).toBeNull();
    expect(groupGiftCardCode('7KQMX3HD9TPWR2FBNC6V')).toBe('7KQM-X3HD-9TPW-R2FB-NC6V');
  });

  it('expire 24 months after they are issued (29 February to 28 February)', () => {
    expect(giftCardExpiry(new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2028-11-26T10:00:00.000Z');
    expect(giftCardExpiry(new Date('2028-02-29T10:00:00Z')).toISOString()).toBe('2030-02-28T10:00:00.000Z');
  });
});

describe('applying gift cards to a total', () => {
  it('takes each card up to its balance, in order, until the total is covered', () => {
    expect(applyGiftCards(2499, [1000])).toEqual({
      amounts: [1000],
      coveredPennies: 1000,
      toPayPennies: 1499,
    });
    expect(applyGiftCards(1200, [500, 5000, 300])).toEqual({
      amounts: [500, 700, 0],
      coveredPennies: 1200,
      toPayPennies: 0,
    });
    expect(applyGiftCards(1000, [0, -5])).toEqual({ amounts: [0, 0], coveredPennies: 0, toPayPennies: 1000 });
  });

  it('shows as a way to pay after the total, never as a discount', () => {
    const rows = summaryRows({
      subtotal_pennies: 2000,
      discount: null,
      delivery_fee_pennies: 499,
      total_pennies: 2499,
      fulfilment: 'delivery',
      gift_card_pennies: 1000,
    });
    expect(rows.map((r) => `${r.label} ${r.amount}`)).toEqual([
      'Subtotal £20.00',
      'Delivery £4.99',
      'Total £24.99',
      'Gift card \u2212£10.00',
      'By card £14.99',
    ]);
  });
});
