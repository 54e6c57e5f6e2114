import {
  GIFT_CARD_PURCHASE_MESSAGES,
  isGiftCardAmount,
  MAX_GIFT_CARDS_PER_PURCHASE,
  sendOnRefusal,
} from '~/shared/gift-cards/gift-card-purchase';
import { badRequest } from '../errors';
import type { PricedLine, PricingSettings, WantedLine } from './basket-lines';

/** Buying gift cards at checkout (decision 047): their lines, and a basket of them only. */

/**
 * A gift card line (decision 047): priced at the amount chosen (one offered, or whole pounds from
 * £5 to £200), no VAT on its sale (a multi-purpose voucher), and a send date from today on.
 */
export function giftCardLine(l: WantedLine, product: { id: string; name: string }): PricedLine {
  const field = (name: string) => `items.${l.index}.gift_card${name ? `.${name}` : ''}`;
  const g = l.giftCard;
  if (!g || !isGiftCardAmount(g.amount_pennies)) {
    throw badRequest(GIFT_CARD_PURCHASE_MESSAGES.amount, {
      [field('amount_pennies')]: GIFT_CARD_PURCHASE_MESSAGES.amount,
    });
  }
  const late = sendOnRefusal(g.send_on);
  if (late) throw badRequest(late, { [field('send_on')]: late });
  return {
    productId: product.id,
    name: product.name,
    unitPricePennies: g.amount_pennies,
    quantity: l.quantity,
    vatRate: 0,
    box: null,
    cookiesEach: 1,
    limits: null,
    giftCard: {
      recipientName: g.recipient_name,
      recipientEmail: g.recipient_email,
      message: g.message,
      sendOn: g.send_on,
    },
  };
}

/**
 * A basket of gift cards only, or of cookies only (decision 047): a mixed one is refused, and so
 * is one of more than MAX_GIFT_CARDS_PER_PURCHASE cards (decision 064); a gift card is not bought with a discount code nor paid with another gift card.
 */
export function giftCardsOnly(
  lines: PricedLine[],
  rawCode: string | undefined,
  giftCodes: readonly string[],
): boolean {
  const cardLines = lines.filter((l) => l.giftCard);
  if (cardLines.length === 0) return false;
  const m = GIFT_CARD_PURCHASE_MESSAGES;
  if (cardLines.length < lines.length) throw badRequest(m.mixed);
  const cards = cardLines.reduce((sum, l) => sum + l.quantity, 0);
  if (cards > MAX_GIFT_CARDS_PER_PURCHASE) throw badRequest(m.tooMany, { items: m.tooMany });
  if (rawCode !== undefined) throw badRequest(m.noCode, { discount_code: m.noCode });
  if (giftCodes.length > 0) throw badRequest(m.noGiftCard, { gift_cards: m.noGiftCard });
  return true;
}

/** No delivery and no day for gift cards: they go by e-mail (decision 047). */
export const GIFT_CARD_SETTINGS: PricingSettings = {
  deliveryFeePennies: 0,
  freeDeliveryOverPennies: null,
  collectionEnabled: false,
};
