import { formatPence } from '../money/money';
import type { OrderLineView } from '../orders/order-view';
import { formatBakeDay } from '../time/london-time';

type Line = Pick<OrderLineView, 'quantity' | 'unit_price_pennies' | 'gift_card'>;

/**
 * Who a bought gift card goes to, at which address and when, as the buyer's confirmation
 * page and e-mail say it: "£20.00 gift card for Rosie Lee, e-mailed to rosie@example.com on
 * Friday 4 December." Null for a line of cookies.
 */
export function giftCardSentText(line: Line): string | null {
  const to = line.gift_card;
  if (!to) return null;
  const what =
    line.quantity > 1
      ? `${line.quantity} × ${formatPence(line.unit_price_pennies)} gift cards`
      : `${formatPence(line.unit_price_pennies)} gift card`;
  return `${what} for ${to.recipient_name}, e-mailed to ${to.recipient_email} on ${formatBakeDay(to.send_on)}.`;
}

/** The lines' gift cards as sentences, the first to be sent first; empty for an order of cookies. */
export const giftCardsSentTexts = (lines: Line[]) =>
  lines
    .filter((line) => line.gift_card)
    .sort((a, b) => a.gift_card!.send_on.localeCompare(b.gift_card!.send_on))
    .flatMap((line) => giftCardSentText(line) ?? []);

/** An order of gift cards only (decision 047): nothing is baked, delivered or collected. */
export const onlyGiftCards = (lines: readonly Pick<OrderLineView, 'gift_card'>[]) =>
  lines.length > 0 && lines.every((line) => line.gift_card !== null);
