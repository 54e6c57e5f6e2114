/**
 * The one home of order and delivery statuses, their labels and the rules that read them
 * (docs/rules/orders.md; decision 007 for revenue).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'baking', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  baking: 'Baking',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * An order's status as people read it beside its total: a cancelled order that was never paid (a
 * checkout left at the payment page, or cancelled before paying) says "Not paid", so its total is
 * not read as a sale (decision 074). The status itself stays `cancelled` (the owner's selector).
 */
export function orderStatusLabel(o: { status: OrderStatus; paid_at: string | null }): string {
  if (o.paid_at === null && o.status === 'cancelled') return 'Not paid';
  // Confirmed by a deposit (docs/rules/orders.md): being made, but not paid in full yet.
  if (o.paid_at === null && o.status === 'paid') return 'Part paid';
  return ORDER_STATUS_LABELS[o.status];
}

/** `cancelled`: its order was cancelled; the delivery follows the order (decision 032). */
export const DELIVERY_STATUSES = [
  'preparing',
  'ready',
  'picked_up',
  'delivered',
  'failed',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  preparing: 'Preparing',
  ready: 'Ready',
  picked_up: 'Out for delivery',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * Statuses of orders whose money was received, when their payment was recorded (`paid_at`): their
 * totals, less refunds, are the dashboard's revenue and a customer's "total spent" (decisions 007
 * and 032: a status set by hand alone makes no money).
 */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['paid', 'baking', 'shipped', 'completed'];

/**
 * The statuses the owner may choose for an order: Paid only once its money is recorded (or it
 * already reads Paid); an unpaid order is "Marked as paid" instead (decision 032).
 */
export const settableStatuses = (o: { status: OrderStatus; paid_at: string | null }) =>
  ORDER_STATUSES.filter((s) => s !== 'paid' || o.paid_at !== null || o.status === 'paid');

/** A customer may cancel while the order waits for payment, or is paid but not yet baking. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['pending', 'paid'];

/** Things the owner must look at; set by the server, never by a person. */
export const ORDER_FLAGS = [
  'paid_after_cancellation',
  'paid_unexpectedly',
  'amount_mismatch',
  'over_capacity',
  'day_closed_after_ordering',
] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

export const ORDER_FLAG_LABELS: Record<OrderFlag, string> = {
  paid_after_cancellation: 'Paid after cancellation',
  paid_unexpectedly: 'Paid after its status was changed',
  amount_mismatch: 'Amount paid differs from the total',
  over_capacity: 'Over capacity',
  day_closed_after_ordering: 'Day closed after ordering',
};

/** "Order #1a2b3c4d": the one way an order is named to people (first 8 characters: docs/rules/orders.md). */
export const orderNumber = (id: string) => `#${id.slice(0, 8)}`;
