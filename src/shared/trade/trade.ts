/**
 * Trade customers (cafés, delis, farm shops; docs/rules/trade.md, decision 082): their
 * accounts, price lists and the one pricing of a trade order. No zod here: pages import it.
 */
import type { VatRate } from '../food-information';

export const TRADE_STATUSES = ['applied', 'approved', 'declined'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

export const TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  applied: 'Waiting',
  approved: 'Approved',
  declined: 'Declined',
};

/** How a product is priced for one account: a fixed price ex VAT, or a percentage off retail. */
export const TRADE_PRICE_KINDS = ['fixed', 'percent'] as const;
export type TradePriceKind = (typeof TRADE_PRICE_KINDS)[number];

export const TRADE_MESSAGES = {
  businessName: 'Please enter the business name.',
  address: 'Please enter the business address, town and postcode.',
  contact: 'Please enter a contact name and phone number.',
  vatNumber: 'A UK VAT number is GB and 9 digits (or leave it empty).',
  already: 'This account already has a trade application.',
  notSignedIn: 'Please sign in or create an account to apply.',
  terms: 'Payment terms are 0 to 120 days.',
  creditLimit: 'Please enter a credit limit in pounds, such as 500.',
  fixedPrice: 'Please enter a trade price in pounds, such as 1.20.',
  percentOff: 'A percentage off retail is a whole number from 0 to 90.',
  caseSize: 'A case size is a whole number from 1 to 500.',
  minQuantity: 'A minimum quantity is a whole number from 0 to 5000.',
  unknownProduct: 'That product is not in the catalogue.',
  box: 'A box cannot go on a price list: an order on account has no box filling for the bake list to count. Add the loose cookies instead.',
  notApproved: 'Only an approved trade account can be changed this way.',
  email: 'Please enter the e-mail address of the customer’s shop account.',
  noCustomer: 'No customer account has that e-mail address: they sign up first.',
} as const;

/** One product's terms on one account's price list. */
export interface TradePriceRule {
  productId: string;
  kind: TradePriceKind;
  /** The fixed price ex VAT (kind `fixed`): a retail price change never moves it. */
  fixedPenniesExVat: number | null;
  /** Off the retail price ex VAT (kind `percent`). */
  percentOff: number | null;
  /** Ordered in multiples of this (12: in twelves). */
  caseSize: number;
  /** At least this many, if any are ordered. */
  minQuantity: number;
}

/** Retail (VAT-inclusive, as the shop keeps it) without its VAT, to the penny. */
export const exVat = (penniesIncVat: number, vatRate: VatRate | number) =>
  Math.round((penniesIncVat * 100) / (100 + vatRate));

/** A product's unit price ex VAT on an account's price list; null = not on its list. */
export function tradeUnitPrice(
  product: { pricePennies: number; vatRate: number },
  rule: Pick<TradePriceRule, 'kind' | 'fixedPenniesExVat' | 'percentOff'> | undefined,
): number | null {
  if (!rule) return null;
  if (rule.kind === 'fixed') return rule.fixedPenniesExVat;
  return Math.round((exVat(product.pricePennies, product.vatRate) * (100 - (rule.percentOff ?? 0))) / 100);
}

/** A line of a trade order or invoice as priced: what the invoice prints, line by line. */
export interface TradeLine {
  productId: string;
  name: string;
  quantity: number;
  unitPenniesExVat: number;
  vatRate: number;
  netPennies: number;
  vatPennies: number;
}

export interface TradeTotals {
  lines: TradeLine[];
  /** Net and VAT per rate, zero-rated and standard-rated apart. */
  byRate: { vatRate: number; netPennies: number; vatPennies: number }[];
  netPennies: number;
  vatPennies: number;
  totalPennies: number;
}

/**
 * The one pricing of a trade order: the order form's total, the order the server writes and its
 * invoice all come from here. VAT is worked out per line (HMRC allows it) and rounded half up.
 */
export function priceTradeLines(
  lines: { productId: string; name: string; quantity: number; unitPenniesExVat: number; vatRate: number }[],
): TradeTotals {
  const priced = lines.map((l) => {
    const netPennies = l.unitPenniesExVat * l.quantity;
    return { ...l, netPennies, vatPennies: Math.round((netPennies * l.vatRate) / 100) };
  });
  const rates = new Map<number, { vatRate: number; netPennies: number; vatPennies: number }>();
  for (const l of priced) {
    const r = rates.get(l.vatRate) ?? { vatRate: l.vatRate, netPennies: 0, vatPennies: 0 };
    r.netPennies += l.netPennies;
    r.vatPennies += l.vatPennies;
    rates.set(l.vatRate, r);
  }
  const netPennies = priced.reduce((s, l) => s + l.netPennies, 0);
  const vatPennies = priced.reduce((s, l) => s + l.vatPennies, 0);
  return {
    lines: priced,
    byRate: [...rates.values()].sort((a, b) => a.vatRate - b.vatRate),
    netPennies,
    vatPennies,
    totalPennies: netPennies + vatPennies,
  };
}

/** A priced line's columns as an invoice or credit note stores them. */
export const storedLine = (l: TradeLine) => ({
  description: l.name,
  quantity: l.quantity,
  unitPenniesExVat: l.unitPenniesExVat,
  vatRate: l.vatRate,
  netPennies: l.netPennies,
  vatPennies: l.vatPennies,
});

/** Why a quantity does not fit the product's case size or minimum; null = it fits. */
export function quantityProblem(
  name: string,
  quantity: number,
  rule: Pick<TradePriceRule, 'caseSize' | 'minQuantity'>,
) {
  if (quantity === 0) return null;
  if (quantity % rule.caseSize !== 0)
    return `${name} comes in cases of ${rule.caseSize}: please order a multiple of ${rule.caseSize}.`;
  if (quantity < rule.minQuantity) return `${name}: the least you can order is ${rule.minQuantity}.`;
  return null;
}
