import { onlyGiftCards } from '../gift-cards/gift-card-sent-texts';
import { formatPence } from '../money/money';
import type { Fulfilment } from '../orders/fulfilment';
import type { OrderLineView } from '../orders/order-view';
import type { AppliedDiscount, VatPart } from './price-order';

export interface SummaryRow {
  label: string;
  amount: string;
  /** The total: shown bold. */
  total?: boolean;
}

export interface SummaryFigures {
  subtotal_pennies: number;
  discount: AppliedDiscount | null;
  delivery_fee_pennies: number;
  total_pennies: number;
  fulfilment: Fulfilment;
  /** What gift cards pay of the total; the rest is by card. */
  gift_card_pennies?: number;
  /** Gift cards only (decision 047): nothing is delivered, so no Delivery row. */
  gift_cards_only?: boolean;
  /** An order view's lines: only gift cards among them means the same. */
  items?: readonly Pick<OrderLineView, 'gift_card'>[];
}

/** "−£3.00": what a discount takes off, with a true minus sign. */
export const formatDeduction = (pennies: number) => `\u2212${formatPence(pennies)}`;

/**
 * The money rows under an order's lines, the same on checkout, the payment page, order pages,
 * packing slips and e-mails: Subtotal, "Discount (SPRING10) −£3.00", Delivery (or Collection), Total.
 */
export function summaryRows(o: SummaryFigures): SummaryRow[] {
  const rows: SummaryRow[] = [{ label: 'Subtotal', amount: formatPence(o.subtotal_pennies) }];
  if (o.discount && o.discount.pennies > 0) {
    rows.push({ label: `Discount (${o.discount.code})`, amount: formatDeduction(o.discount.pennies) });
  }
  // Gift cards are sent by e-mail: no delivery to price or to call free.
  if (!(o.gift_cards_only ?? (o.items ? onlyGiftCards(o.items) : false))) rows.push(deliveryRow(o));
  rows.push({ label: 'Total', amount: formatPence(o.total_pennies), total: true });
  // A gift card is a way to pay, not a discount: it comes after the total (VAT is on the total).
  const gift = o.gift_card_pennies ?? 0;
  if (gift > 0) {
    rows.push({ label: 'Gift card', amount: formatDeduction(gift) });
    rows.push({ label: 'By card', amount: formatPence(o.total_pennies - gift), total: true });
  }
  return rows;
}

/** Delivery (or Collection) as charged, or Free with the code that waived it. */
function deliveryRow(o: SummaryFigures): SummaryRow {
  if (o.fulfilment === 'collection') return { label: 'Collection', amount: 'Free' };
  if (o.delivery_fee_pennies > 0) return { label: 'Delivery', amount: formatPence(o.delivery_fee_pennies) };
  if (o.discount && o.discount.delivery_waived_pennies > 0)
    return { label: `Delivery (${o.discount.code})`, amount: 'Free' };
  return { label: 'Delivery', amount: 'Free' };
}

/**
 * VAT included per rate, for a VAT-registered shop (`vatNumber` set); none otherwise, since a
 * shop that is not registered must not show VAT.
 */
export function vatRows(vat: readonly VatPart[], vatNumber: string | null): SummaryRow[] {
  if (!vatNumber) return [];
  return [
    ...vat.map((v) => ({
      label: `VAT at ${v.rate}% included (on ${formatPence(v.gross_pennies)})`,
      amount: formatPence(v.vat_pennies),
    })),
    { label: 'VAT number', amount: vatNumber },
  ];
}
