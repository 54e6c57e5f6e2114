import type { Metrics } from './metrics';

/**
 * What the business did since this instance started, for GET /metrics: orders placed, paid and
 * refunded, e-mails queued and failed. Prometheus counters (they start at 0 with each process;
 * `rate()` and `increase()` allow for that). Each is counted at the one place it happens.
 */
export function createShopCounters(metrics: Metrics) {
  const placed = metrics.counter({
    name: 'orders_placed_total',
    help: 'Orders written at checkout (pending until paid)',
  });
  const paid = metrics.counter({
    name: 'orders_paid_total',
    help: 'Orders that became paid (a payment recorded for them)',
  });
  const refunded = metrics.counter({
    name: 'order_refunds_total',
    help: 'Refunds that succeeded, in the shop or in the payment provider',
  });
  const refundedPence = metrics.counter({
    name: 'order_refunded_pence_total',
    help: 'Pence refunded by those refunds',
  });
  const queued = metrics.counter({ name: 'emails_queued_total', help: 'E-mails written to the outbox' });
  const attemptFailed = metrics.counter({
    name: 'email_delivery_failures_total',
    help: 'Deliveries the mail server refused (each is tried again, up to 10 attempts)',
  });
  const failed = metrics.counter({
    name: 'emails_failed_total',
    help: 'E-mails given up after their last attempt (marked Failed in the back office)',
  });

  return {
    orderPlaced: () => placed.inc(),
    orderPaid: () => paid.inc(),
    orderRefunded: (pence: number) => {
      refunded.inc();
      refundedPence.inc(pence);
    },
    emailsQueued: (count: number) => queued.inc(count),
    emailDeliveryFailed: (gaveUp: boolean) => {
      attemptFailed.inc();
      if (gaveUp) failed.inc();
    },
  };
}

export type ShopCounters = ReturnType<typeof createShopCounters>;

/** For code built without a shop around it (some tests): counts nothing. */
export const NO_COUNTERS: ShopCounters = {
  orderPlaced: () => {},
  orderPaid: () => {},
  orderRefunded: () => {},
  emailsQueued: () => {},
  emailDeliveryFailed: () => {},
};
