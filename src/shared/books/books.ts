import type { VatRate } from '../food-information';
import { type PricingLine, shareInProportion, vatParts } from '../pricing/price-order';
import { addDays, type IsoDate, isIsoDate } from '../time/london-time';

/**
 * The books (docs/rules/xero-export.md, decision 087): a period's sales as sales
 * invoices and credit notes for Xero's import, or for QuickBooks'. One pure function turns an
 * order into its lines, so every file says the same thing and each invoice adds up to the
 * order's own total (shared/pricing: the discount and delivery split by VAT rate as `vatParts`).
 */

/** Xero reads at most this many invoices (or credit notes) from one file. */
export const INVOICES_PER_FILE = 500;
/** The longest period one export covers (a year and a day, for a leap year's). */
export const LONGEST_PERIOD_DAYS = 366;

/** Account codes, as in Xero's UK chart of accounts (docs/rules/xero-export.md says how to map them). */
export const ACCOUNT_CODES = {
  /** "Sales": cookies, boxes, and the discounts taken off them. */
  sales: '200',
  /** Delivery charged: income too, on its own line (its own code so the accountant can move it). */
  delivery: '200',
  /** Gift cards sold: money held for the card's holder, a current liability, not income. */
  giftCards: '2100',
} as const;

/** The VAT rate names exactly as Xero spells them (UK), and gift cards' (outside the scope of VAT). */
export const XERO_TAX_TYPES: Record<VatRate, string> = {
  0: 'Zero Rated Income',
  5: '5% (VAT on Income)',
  20: '20% (VAT on Income)',
};
export const XERO_NO_VAT = 'No VAT';

/** QuickBooks Online (UK) tax codes, as its import matches them. */
export const QUICKBOOKS_TAX_CODES: Record<VatRate, string> = { 0: '0.0% Z', 5: '5.0% R', 20: '20.0% S' };
export const QUICKBOOKS_NO_VAT = 'No VAT';

/** An order's line as the books read it. */
export interface BookItem {
  name: string;
  quantity: number;
  unitPricePennies: number;
  vatRate: VatRate;
  /** A gift card bought: a liability, no VAT. */
  giftCard: boolean;
}

/** A paid order, as the books read it. */
export interface BookOrder {
  id: string;
  /** The order's number as the shop shows it, without the "#". */
  number: string;
  contact: string;
  email: string;
  /** Trade (the customer has an approved trade account) or retail. */
  trade: boolean;
  /** The London date its money was taken. */
  paidOn: IsoDate;
  items: BookItem[];
  discountCode: string | null;
  discountPennies: number;
  deliveryPennies: number;
  totalPennies: number;
  /**
   * Set when the order was paid in parts (a deposit, then the balance: decision 093) and this is
   * the invoice for one of them: it is dated the day that part was taken (`paidOn`) and is for
   * that part's amount alone, so a period's invoices add up to the money taken in it.
   */
  part?: BookPart;
}

/** One payment of an order paid in parts, as its own invoice. */
export interface BookPart {
  /** Which payment of the order it is, from 1, in the order they were taken. */
  seq: number;
  kind: 'Deposit' | 'Balance' | 'Part payment';
  pennies: number;
  /** What the order's earlier payments took, so the parts' lines add up to the whole order's. */
  takenBefore: number;
}

/** A refund (made or being made) of a paid order, as the books read it. */
export interface BookRefund {
  id: string;
  /** The London date it was made. */
  madeOn: IsoDate;
  amountPennies: number;
  reason: string;
  order: BookOrder;
  /**
   * A trade credit note's own number and lines (decision 091): the credit note the customer holds,
   * so its VAT is what it credited, not a share of the order's.
   */
  document?: { number: string; lines: { description: string; vatRate: VatRate; pennies: number }[] };
}

/** One line of an invoice or credit note, VAT-inclusive pence (what the customer paid). */
export interface BookLine {
  /** What it is, for QuickBooks' product or service column. */
  item: 'Cookies' | 'Gift card' | 'Discount' | 'Delivery' | 'Refund';
  description: string;
  quantity: number;
  unitPennies: number;
  account: string;
  /** The VAT rate, or null for no VAT (gift cards). */
  vatRate: VatRate | null;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const rateWords = (rate: VatRate) => (rate === 0 ? 'zero-rated' : `${rate}% VAT`);

/**
 * An order's invoice lines: one per order line, the discount taken off each VAT rate's cookies
 * (negative, in proportion, as `vatParts` splits it), and delivery on its own line (one per rate
 * when the cookies carry several: delivery follows the goods' VAT, HMRC Notice 700/24). Their
 * amounts add up to the order's total, and per rate to its `vatParts` gross.
 */
export function invoiceLines(order: BookOrder): BookLine[] {
  const lines: BookLine[] = order.items.map((item) => ({
    item: item.giftCard ? ('Gift card' as const) : ('Cookies' as const),
    description: item.name,
    quantity: item.quantity,
    unitPennies: item.unitPricePennies,
    account: item.giftCard ? ACCOUNT_CODES.giftCards : ACCOUNT_CODES.sales,
    vatRate: item.giftCard ? null : item.vatRate,
  }));
  const goods: PricingLine[] = order.items.filter((i) => !i.giftCard);
  const rates = [...new Set(goods.map((l) => l.vatRate))].sort((a, b) => a - b);
  const perRate = rates.map((rate) =>
    sum(goods.filter((l) => l.vatRate === rate).map((l) => l.unitPricePennies * l.quantity)),
  );
  const discounts = shareInProportion(order.discountPennies, perRate);
  const paid = perRate.map((g, i) => g - discounts[i]!);
  const delivery = shareInProportion(order.deliveryPennies, sum(paid) > 0 ? paid : perRate);
  const several = rates.length > 1;
  rates.forEach((rate, i) => {
    if (discounts[i]! > 0) {
      lines.push({
        item: 'Discount',
        description: ['Discount', order.discountCode ?? '', several ? `(${rateWords(rate)} items)` : '']
          .filter(Boolean)
          .join(' '),
        quantity: 1,
        unitPennies: -discounts[i]!,
        account: ACCOUNT_CODES.sales,
        vatRate: rate,
      });
    }
  });
  rates.forEach((rate, i) => {
    if (delivery[i]! > 0) {
      lines.push({
        item: 'Delivery',
        description: several ? `Delivery (share with ${rateWords(rate)} items)` : 'Delivery',
        quantity: 1,
        unitPennies: delivery[i]!,
        account: ACCOUNT_CODES.delivery,
        vatRate: rate,
      });
    }
  });
  // Delivery on an order of gift cards only never happens (they go by e-mail); kept whole if it did.
  if (rates.length === 0 && order.deliveryPennies > 0) {
    lines.push({
      item: 'Delivery',
      description: 'Delivery',
      quantity: 1,
      unitPennies: order.deliveryPennies,
      account: ACCOUNT_CODES.delivery,
      vatRate: 0,
    });
  }
  return lines;
}

/** An order's lines summed by account and VAT rate, in the order they first appear. */
function linesByAccountAndRate(order: BookOrder) {
  const groups = new Map<string, { account: string; vatRate: VatRate | null; pennies: number }>();
  for (const line of invoiceLines(order)) {
    const key = `${line.account}|${line.vatRate}`;
    const g = groups.get(key) ?? { account: line.account, vatRate: line.vatRate, pennies: 0 };
    g.pennies += line.quantity * line.unitPennies;
    groups.set(key, g);
  }
  return [...groups.values()].filter((g) => g.pennies > 0);
}

/**
 * The lines of one part of an order paid in parts: its amount split over the order's accounts
 * and VAT rates in proportion. Each part is what the split of everything taken so far gives, less
 * the split of what the earlier parts took, so each part adds up to its own amount and all the
 * parts together to the order's own lines per rate, to the penny.
 */
export function partLines(order: BookOrder, part: BookPart): BookLine[] {
  const groups = linesByAccountAndRate(order);
  const weights = groups.map((g) => g.pennies);
  const upTo = shareInProportion(part.takenBefore + part.pennies, weights);
  const before = shareInProportion(part.takenBefore, weights);
  return groups
    .map((g, i) => ({
      item: g.account === ACCOUNT_CODES.giftCards ? ('Gift card' as const) : ('Cookies' as const),
      description: `${part.kind} for order ${order.number}${
        groups.length > 1 ? (g.vatRate === null ? ' (gift cards)' : ` (${rateWords(g.vatRate)} items)`) : ''
      }`,
      quantity: 1,
      unitPennies: upTo[i]! - before[i]!,
      account: g.account,
      vatRate: g.vatRate,
    }))
    .filter((l) => l.unitPennies !== 0);
}

/**
 * The invoice the books give for an order (or, paid in parts, for one part of it): its number
 * (the order's; a part's with `-1`, `-2` after it), reference and lines.
 */
export function bookInvoice(order: BookOrder): { number: string; reference: string; lines: BookLine[] } {
  if (!order.part)
    return { number: order.number, reference: `Order #${order.number}`, lines: invoiceLines(order) };
  return {
    number: `${order.number}-${order.part.seq}`,
    reference: `${order.part.kind} for order #${order.number}`,
    lines: partLines(order, order.part),
  };
}

/** What a set of lines comes to, in pence. */
export const linesTotal = (lines: readonly BookLine[]) => sum(lines.map((l) => l.quantity * l.unitPennies));

/** The VAT-inclusive amount per VAT rate the order's own pricing says (its receipt's VAT table). */
export const orderVatGross = (order: BookOrder) =>
  vatParts(
    order.items.filter((i) => !i.giftCard),
    order.discountPennies,
    order.deliveryPennies,
  );

/**
 * A refund's credit note lines, positive (Xero's credit note type carries the sign): the amount
 * split over what the order was paid at each VAT rate (and its gift cards), in proportion.
 */
export function creditNoteLines(refund: BookRefund): BookLine[] {
  if (refund.document) {
    return refund.document.lines.map((l) => ({
      item: 'Refund' as const,
      description: `${refund.reason}: ${l.description}`,
      quantity: 1,
      unitPennies: l.pennies,
      account: ACCOUNT_CODES.sales,
      vatRate: l.vatRate,
    }));
  }
  const parts = linesByAccountAndRate(refund.order);
  const shares = shareInProportion(
    refund.amountPennies,
    parts.map((g) => g.pennies),
  );
  const reason = refund.reason.trim() || 'Refund';
  return parts
    .map((g, i) => ({
      item: 'Refund' as const,
      description: `Refund of order ${refund.order.number}: ${reason}${
        parts.length > 1 ? (g.vatRate === null ? ' (gift cards)' : ` (${rateWords(g.vatRate)} items)`) : ''
      }`,
      quantity: 1,
      unitPennies: shares[i]!,
      account: g.account,
      vatRate: g.vatRate,
    }))
    .filter((l) => l.unitPennies > 0);
}

/** A credit note's number: "CN-" and the first 8 characters of its refund's id, upper-cased. */
export const creditNoteNumber = (refundId: string) => `CN-${refundId.slice(0, 8).toUpperCase()}`;

/** `2026-11-03` as Xero's (and QuickBooks UK's) DD/MM/YYYY. */
export const ukDate = (date: IsoDate) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The period an export covers: London dates, both ends included. */
export interface BooksPeriod {
  from: IsoDate;
  to: IsoDate;
}

export const BOOKS_FORMATS = ['xero', 'quickbooks'] as const;
export type BooksFormat = (typeof BOOKS_FORMATS)[number];
export const BOOKS_KINDS = ['invoices', 'credit-notes'] as const;
export type BooksKind = (typeof BOOKS_KINDS)[number];

export const BOOKS_MESSAGES = {
  period: 'Choose a month, or a first and last day (the last on or after the first).',
  tooLong: `Choose a period of at most ${LONGEST_PERIOD_DAYS} days.`,
  format: 'Choose Xero or QuickBooks.',
  kind: 'Choose invoices or credit notes.',
  part: 'That file is not part of this export: choose one of the files listed.',
} as const;

/** The last day of `YYYY-MM`. */
const monthEnd = (month: string): IsoDate => addDays(`${nextMonth(month)}-01`, -1);
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * The period a query asks for: `month=YYYY-MM`, or `from` and `to` (London dates, both included);
 * null with the reason when it is not one. No zod: the back office's page reads it too.
 */
export function parseBooksPeriod(query: {
  month?: string | null;
  from?: string | null;
  to?: string | null;
}): BooksPeriod | { error: string } {
  const { month, from, to } = query;
  if (month && !from && !to) {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return { error: BOOKS_MESSAGES.period };
    return { from: `${month}-01`, to: monthEnd(month) };
  }
  if (!isIsoDate(from) || !isIsoDate(to) || to < from) return { error: BOOKS_MESSAGES.period };
  if (addDays(from, LONGEST_PERIOD_DAYS) <= to) return { error: BOOKS_MESSAGES.tooLong };
  return { from, to };
}

/** How many files `count` invoices take (at least one, an empty file with its header). */
export const filesFor = (count: number) => Math.max(1, Math.ceil(count / INVOICES_PER_FILE));

/** A file's name: `xero-invoices-2026-11-01-to-2026-11-30-part-1-of-2.csv`. */
export function booksFileName(
  format: BooksFormat,
  kind: BooksKind,
  period: BooksPeriod,
  part: number,
  parts: number,
) {
  const of = parts > 1 ? `-part-${part}-of-${parts}` : '';
  return `${format}-${kind}-${period.from}-to-${period.to}${of}.csv`;
}
