import { formatLongDate } from '~/shared/time/london-time';
/**
 * Ordering on account and VAT invoices for trade customers (decision 085, docs/rules/trade.md).
 * No zod here: pages import it.
 */
import { formatPence } from '../money/money';
import { type CreditNoteDocumentData, type DocumentLine, documentLine, vatByRate } from './credit-notes';

export const TRADE_ORDER_MESSAGES = {
  nothing: 'Please enter how many of each cookie you want.',
  notOnList: 'That cookie is not on your price list.',
  quantity: 'Please enter a whole number of cookies (0 to 5000).',
  notApproved: 'Only an approved trade account can order on account.',
  noInvoice: 'Invoice not found',
  notDelivered: 'Only a delivered trade order is invoiced: mark it delivered first.',
  cancelled: 'This order was cancelled: it is not delivered or invoiced.',
  notTrade: 'That is not an order on account.',
  alreadyPaid: 'This invoice is already marked paid.',
} as const;

/** Why the account cannot order now: an overdue invoice, or the credit limit. */
export function overdueMessage(number: number, dueOn: string) {
  return `Invoice ${invoiceNumberText(number)} was due on ${dueOn} and is not paid yet: please pay it before ordering again.`;
}

export function overLimitMessage(owedPennies: number, orderPennies: number, limitPennies: number) {
  return `This order would bring what your account owes to ${formatPence(owedPennies + orderPennies)}, over its credit limit of ${formatPence(limitPennies)} (${formatPence(owedPennies)} is owed now): please pay an invoice or order less.`;
}

/** "INV-000042": how an invoice number is printed. */
export const invoiceNumberText = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/** Where an invoice stands today: paid, not paid yet, or past its due date. */
export type InvoiceState = 'paid' | 'due' | 'overdue';
export const invoiceState = (
  i: { paidAt: Date | string | null; dueOn: string },
  today: string,
): InvoiceState => (i.paidAt ? 'paid' : i.dueOn < today ? 'overdue' : 'due');

/** The aged debt's columns: days past the due date. */
export const AGE_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_LABELS: Record<AgeBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** Which column an unpaid invoice falls in, `daysOverdue` days past its due date. */
export function ageBucket(daysOverdue: number): AgeBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return '1-30';
  if (daysOverdue <= 60) return '31-60';
  if (daysOverdue <= 90) return '61-90';
  return '90+';
}

export const vatRateText = (rate: number) => (rate === 0 ? 'Zero rated' : `${rate}%`);

/** An invoice as its page shows and prints it: every figure from the server, none worked out here. */
export interface InvoiceDocumentData {
  number: number;
  issuedOn: string;
  suppliedOn: string;
  dueOn: string;
  sellerName: string;
  sellerAddress: string;
  sellerVatNumber: string;
  customerName: string;
  customerAddress: string;
  customerVatNumber: string | null;
  netPennies: number;
  vatPennies: number;
  totalPennies: number;
  paid: string | null;
  lines: DocumentLine[];
  /** Net and VAT per rate (zero-rated and standard-rated apart), summed by the server. */
  byRate: { vatRate: number; netPennies: number; vatPennies: number }[];
  /** Its credit notes, oldest first: what they took off is not asked for any more. */
  creditNotes: CreditNoteDocumentData[];
  /** What credit notes took off what it asks (not those paid back). */
  creditedPennies: number;
  /** What it still asks: its total less what was credited, 0 once paid. */
  owedPennies: number;
}

/** Stored invoice rows and its credit notes as the page's document. */
export function invoiceDocument(
  invoice: Omit<
    InvoiceDocumentData,
    'lines' | 'byRate' | 'paid' | 'creditNotes' | 'creditedPennies' | 'owedPennies'
  > & {
    paidAt: Date | null;
    paidBy: string | null;
  },
  lines: InvoiceDocumentData['lines'],
  creditNotes: CreditNoteDocumentData[] = [],
): InvoiceDocumentData {
  const creditedPennies = creditNotes.filter((c) => c.offInvoice).reduce((sum, c) => sum + c.totalPennies, 0);
  return {
    number: invoice.number,
    issuedOn: invoice.issuedOn,
    suppliedOn: invoice.suppliedOn,
    dueOn: invoice.dueOn,
    sellerName: invoice.sellerName,
    sellerAddress: invoice.sellerAddress,
    sellerVatNumber: invoice.sellerVatNumber,
    customerName: invoice.customerName,
    customerAddress: invoice.customerAddress,
    customerVatNumber: invoice.customerVatNumber,
    netPennies: invoice.netPennies,
    vatPennies: invoice.vatPennies,
    totalPennies: invoice.totalPennies,
    paid: invoice.paidAt
      ? `${PAID_BY[invoice.paidBy ?? ''] ?? 'Paid'} on ${formatLongDate(invoice.paidAt)}`
      : null,
    lines: lines.map(documentLine),
    byRate: vatByRate(lines),
    creditNotes,
    creditedPennies,
    owedPennies: invoice.paidAt ? 0 : invoice.totalPennies - creditedPennies,
  };
}

const PAID_BY: Record<string, string> = {
  bank_transfer: 'Paid by bank transfer',
  card: 'Paid by card',
  credit_note: 'Settled by credit notes',
};
