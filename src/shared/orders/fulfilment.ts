import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from './statuses';

/** How an order reaches its customer: delivered to an address, or collected from the bakery. */
export const FULFILMENTS = ['delivery', 'collection'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** How a collection order is named wherever an order shows. */
export const COLLECT_LABEL = 'Collect from the bakery';

/** "Delivery" or "Collection": what happens on the order's day, at the start of a phrase. */
export const fulfilmentNoun = (fulfilment: Fulfilment) =>
  fulfilment === 'collection' ? 'Collection' : 'Delivery';

/** "Delivery day" or "Collection day". */
export const dayLabel = (fulfilment: Fulfilment) =>
  fulfilment === 'collection' ? 'Collection day' : 'Delivery day';

/**
 * A delivery's status in words: a collection's "ready" and "delivered" read "Ready to collect" and
 * "Collected"; a posted order on its way with its tracking code reads "Posted" (a van's order
 * marked shipped stays "Out for delivery", whatever reference the owner typed).
 */
export function deliveryStatusLabel(
  status: DeliveryStatus,
  fulfilment: Fulfilment,
  postedWithTracking = false,
): string {
  if (fulfilment === 'collection') {
    if (status === 'ready') return 'Ready to collect';
    if (status === 'delivered') return 'Collected';
  }
  if (status === 'picked_up' && postedWithTracking) return 'Posted';
  return DELIVERY_STATUS_LABELS[status];
}
