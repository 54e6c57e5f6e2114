import { describe, expect, it } from 'vitest';
import { customerHistoryWords, ownerHistoryWords } from './history-words';

describe('an order history as the customer reads it', () => {
  it('says what happened at each step, not the status names', () => {
    expect(customerHistoryWords(null, 'pending', 'delivery')).toBe('Order placed');
    expect(customerHistoryWords('pending', 'paid', 'delivery')).toBe('Payment received');
    expect(customerHistoryWords('paid', 'baking', 'delivery')).toBe('In the oven');
    expect(customerHistoryWords('baking', 'shipped', 'delivery')).toBe('On its way');
    expect(customerHistoryWords('shipped', 'completed', 'delivery')).toBe('Delivered');
    expect(customerHistoryWords('pending', 'cancelled', 'delivery')).toBe('Order cancelled');
    expect(customerHistoryWords('paid', 'cancelled', 'collection')).toBe('Order cancelled');
  });

  it('speaks of collecting for a collection', () => {
    expect(customerHistoryWords('baking', 'shipped', 'collection')).toBe('Ready to collect');
    expect(customerHistoryWords('shipped', 'completed', 'collection')).toBe('Collected');
  });

  it('says a step back was a correction', () => {
    expect(customerHistoryWords('shipped', 'baking', 'delivery')).toBe('Update corrected: in the oven');
    expect(customerHistoryWords('paid', 'pending', 'delivery')).toBe('Update corrected: waiting for payment');
  });

  it('reads a payment after a cancellation as the payment it is', () => {
    expect(customerHistoryWords('cancelled', 'paid', 'delivery')).toBe('Payment received');
  });

  it('never shows the arrow form to the customer, which the owner keeps', () => {
    const statuses = ['pending', 'paid', 'baking', 'shipped', 'completed', 'cancelled'] as const;
    for (const from of statuses)
      for (const to of statuses) expect(customerHistoryWords(from, to, 'delivery')).not.toMatch(/→|->/);
    expect(ownerHistoryWords('pending', 'paid')).toBe('Pending → Paid');
    expect(ownerHistoryWords(null, 'pending')).toBe('Pending');
  });
});
