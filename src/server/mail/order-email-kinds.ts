/**
 * The order e-mails that `ORDER_EMAILS_OFF` can switch off, by the name used there: the customer's
 * confirmation (`paid`) and updates, and the owner's new-order alert (`owner-alert`).
 */
export const ORDER_EMAIL_SWITCHES = [
  'paid',
  'baking',
  'shipped',
  'ready-to-collect',
  'delivered',
  'cancelled',
  'refunded',
  'paid-in-full',
  'review-invite',
  'owner-alert',
  // Not order e-mails, switched off the same way: the basket reminder and back-in-stock (decision 081).
  'basket-reminder',
  'back-in-stock',
] as const;
export type OrderEmailSwitch = (typeof ORDER_EMAIL_SWITCHES)[number];
