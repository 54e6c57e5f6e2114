import type { OrderView } from '~/shared/orders/order-view';

/**
 * An order's e-mails go to the buyer, so they greet the buyer: for a gift, the order's name and
 * address are the recipient's ("Hi Granny," to the grandchild who bought them was a real mistake).
 */
export function greetingFor(view: Pick<OrderView, 'customer'>): string {
  const firstName = view.customer.full_name.trim().split(/\s+/)[0] ?? '';
  return firstName ? `Hi ${firstName},` : 'Hello,';
}

/** Who a gift's cookies are going to, as the buyer's e-mails say it; null for any other order. */
export function giftRecipient(view: Pick<OrderView, 'ship'>): string | null {
  return view.ship.gift ? view.ship.name.trim() || null : null;
}

/** "This order is your gift for Granny Smith.": the line every e-mail about a gift carries. */
export const giftLine = (recipient: string) => `This order is your gift for ${recipient}.`;
