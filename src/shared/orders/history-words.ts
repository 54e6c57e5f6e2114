import type { Fulfilment } from './fulfilment';
import { ORDER_STATUS_LABELS, type OrderStatus } from './statuses';

/** Where each status sits on an order's way; a change to an earlier one is a correction. */
const STEP: Record<OrderStatus, number> = {
  pending: 0,
  paid: 1,
  baking: 2,
  shipped: 3,
  completed: 4,
  cancelled: 5,
};

function reached(to: OrderStatus, fulfilment: Fulfilment): string {
  const collection = fulfilment === 'collection';
  switch (to) {
    case 'pending':
      return 'Waiting for payment';
    case 'paid':
      return 'Payment received';
    case 'baking':
      return 'In the oven';
    case 'shipped':
      return collection ? 'Ready to collect' : 'On its way';
    case 'completed':
      return collection ? 'Collected' : 'Delivered';
    case 'cancelled':
      return 'Order cancelled';
  }
}

/**
 * A status change as the customer reads it in their order's history: what happened ("Payment
 * received", "On its way"), not the shop's status names ("Pending → Paid", which the owner sees).
 */
export function customerHistoryWords(
  from: OrderStatus | null,
  to: OrderStatus,
  fulfilment: Fulfilment,
): string {
  if (from === null) return to === 'pending' ? 'Order placed' : reached(to, fulfilment);
  const words = reached(to, fulfilment);
  // The owner stepped the order back (e.g. from On its way to In the oven): say it was corrected.
  if (from !== 'cancelled' && to !== 'cancelled' && STEP[to] < STEP[from])
    return `Update corrected: ${words.toLowerCase()}`;
  return words;
}

/** The owner's precise form: "Pending → Paid". */
export const ownerHistoryWords = (from: OrderStatus | null, to: OrderStatus) =>
  from ? `${ORDER_STATUS_LABELS[from]} → ${ORDER_STATUS_LABELS[to]}` : ORDER_STATUS_LABELS[to];
