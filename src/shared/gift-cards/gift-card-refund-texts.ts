import { formatPence } from '../money/money';
import type { OrderGiftCardRefundView, OrderView } from '../orders/order-view';
import { maskedGiftCard } from './gift-card-code';

/**
 * What the buyer reads of money going back on gift cards: where it went and what the
 * card holds now, never "to your card within 5-10 working days".
 */
export const giftCardNowHolds = (c: OrderGiftCardRefundView) =>
  `Gift card ${maskedGiftCard(c.last4)} now holds ${formatPence(c.balance_pennies)}.`;

/** The order page's line under "Refunded": "£10.00 went back on gift card •••• ABCD, which now holds £10.00." */
export const giftCardRefundLine = (c: OrderGiftCardRefundView) =>
  `${formatPence(c.refunded_pennies)} went back on gift card ${maskedGiftCard(c.last4)}, which now holds ${formatPence(c.balance_pennies)}.`;

/** The cancellation's promise for a paid order: each part back where it came from. */
export function cancelledPaidText(view: Pick<OrderView, 'total_pennies' | 'gift_card_pennies'>): string {
  const byGiftCard = Math.min(view.gift_card_pennies, view.total_pennies);
  const byCard = view.total_pennies - byGiftCard;
  if (byGiftCard === 0) {
    return 'Your order has been cancelled. Any payment will be refunded to your card; we will e-mail you when it is.';
  }
  if (byCard === 0) {
    return `Your order has been cancelled. The ${formatPence(byGiftCard)} paid by gift card goes back on your gift card; we will e-mail you its balance when it has.`;
  }
  return `Your order has been cancelled. The ${formatPence(byGiftCard)} paid by gift card goes back on your gift card and the ${formatPence(byCard)} paid by card will be refunded to your card; we will e-mail you when they are.`;
}

/** What cancelling a paid order promises before the customer confirms it. */
export function cancelRefundPromise(view: Pick<OrderView, 'total_pennies' | 'gift_card_pennies'>): string {
  const byGiftCard = Math.min(view.gift_card_pennies, view.total_pennies);
  const byCard = view.total_pennies - byGiftCard;
  if (byGiftCard === 0) return 'We will refund your payment in full to your card.';
  const back = `The ${formatPence(byGiftCard)} paid by gift card goes back on your gift card at once`;
  return byCard === 0
    ? `${back}.`
    : `${back}, and the ${formatPence(byCard)} paid by card is refunded to your card.`;
}

/** Beside the gift-card lines, the bank card's part of the refunds: "£12.00 went back to your card (…)". */
export function cardPartOfRefunds(
  view: Pick<OrderView, 'refunded_pennies' | 'gift_card_refunds'>,
): string | null {
  const toGiftCards = view.gift_card_refunds.reduce((sum, c) => sum + c.refunded_pennies, 0);
  const toCard = view.refunded_pennies - toGiftCards;
  if (toGiftCards === 0 || toCard <= 0) return null;
  return `${formatPence(toCard)} went back to your card (usually with you within 5 to 10 working days).`;
}
