/**
 * Credit notes against trade invoices (decision 091, docs/rules/trade.md). No zod here: pages
 * import it.
 */
import { formatPence } from '../money/money';

export const CREDIT_NOTE_REASONS = ['short', 'return'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

export const CREDIT_NOTE_REASON_LABELS: Record<CreditNoteReason, string> = {
  short: 'Short on delivery',
  return: 'Returned',
};

/** How a credit note was settled: off what its invoice still asks, or paid back by transfer. */
export const CREDIT_NOTE_SETTLEMENTS = ['invoice', 'bank_transfer'] as const;
export type CreditNoteSettlement = (typeof CREDIT_NOTE_SETTLEMENTS)[number];

/** The longest note a credit note carries. */
export const CREDIT_NOTE_NOTE_MAX = 300;

export const CREDIT_NOTE_MESSAGES = {
  reason: 'Please choose why the cookies are credited: short on delivery or returned.',
  nothing: 'Please enter how many of at least one cookie to credit.',
  quantity: 'Please enter a whole number of cookies.',
  note: `Please keep the note to ${CREDIT_NOTE_NOTE_MAX} characters.`,
  paidByCard:
    'This invoice was paid by card: refund the money on its order’s page, which gives it back to the card (the refund is a credit note in the books).',
  noCreditNote: 'Credit note not found',
} as const;

/** "CN-000007": how a credit note number is printed. */
export const creditNoteNumberText = (n: number) => `CN-${String(n).padStart(6, '0')}`;

/** Why a line cannot be credited this many: more than is left of it on the invoice. */
export const overCreditMessage = (description: string, left: number) =>
  left === 0
    ? `All the ${description} on this invoice have been credited already.`
    : `At most ${left} ${description} can be credited on this invoice.`;

/** What an invoice still asks once its credit notes are taken off. */
export const stillOwedText = (owedPennies: number, creditedPennies: number) =>
  `${formatPence(owedPennies)} to pay after ${formatPence(creditedPennies)} credited`;

/** A credit note as its invoice's page shows and prints it: every figure from the server. */
export interface CreditNoteDocumentData {
  number: number;
  invoiceNumber: number;
  issuedOn: string;
  reason: string;
  note: string | null;
  /** "Taken off what the invoice asks" or "Paid back by bank transfer". */
  settled: string;
  /** It lowered what its invoice asks (rather than paying money back). */
  offInvoice: boolean;
  netPennies: number;
  vatPennies: number;
  totalPennies: number;
  lines: DocumentLine[];
  byRate: { vatRate: number; netPennies: number; vatPennies: number }[];
}

/** A line of an invoice or credit note as printed. */
export interface DocumentLine {
  position: number;
  description: string;
  quantity: number;
  unitPenniesExVat: number;
  vatRate: number;
  netPennies: number;
  vatPennies: number;
}

/** A stored line (its position under either name) as printed. */
export const documentLine = (
  l: Omit<DocumentLine, 'position'> & { position?: number; invoicePosition?: number },
): DocumentLine => ({
  position: l.position ?? l.invoicePosition ?? 0,
  description: l.description,
  quantity: l.quantity,
  unitPenniesExVat: l.unitPenniesExVat,
  vatRate: l.vatRate,
  netPennies: l.netPennies,
  vatPennies: l.vatPennies,
});

export const CREDIT_NOTE_SETTLED_LABELS: Record<CreditNoteSettlement, string> = {
  invoice: 'Taken off what the invoice asks',
  bank_transfer: 'Paid back by bank transfer',
};

/** Net and VAT per rate of a document's stored lines: its VAT summary. */
export function vatByRate(lines: readonly { vatRate: number; netPennies: number; vatPennies: number }[]) {
  const rates = new Map<number, { vatRate: number; netPennies: number; vatPennies: number }>();
  for (const l of lines) {
    const r = rates.get(l.vatRate) ?? { vatRate: l.vatRate, netPennies: 0, vatPennies: 0 };
    r.netPennies += l.netPennies;
    r.vatPennies += l.vatPennies;
    rates.set(l.vatRate, r);
  }
  return [...rates.values()].sort((a, b) => a.vatRate - b.vatRate);
}

/** A stored credit note and its lines as the page's document. */
export function creditNoteDocument(
  note: {
    number: number;
    invoiceNumber: number;
    issuedOn: string;
    reason: CreditNoteReason;
    note: string | null;
    settledBy: CreditNoteSettlement;
    netPennies: number;
    vatPennies: number;
    totalPennies: number;
  },
  lines: readonly (Omit<DocumentLine, 'position'> & { invoicePosition: number })[],
): CreditNoteDocumentData {
  return {
    number: note.number,
    invoiceNumber: note.invoiceNumber,
    issuedOn: note.issuedOn,
    reason: CREDIT_NOTE_REASON_LABELS[note.reason],
    note: note.note,
    settled: CREDIT_NOTE_SETTLED_LABELS[note.settledBy],
    offInvoice: note.settledBy === 'invoice',
    netPennies: note.netPennies,
    vatPennies: note.vatPennies,
    totalPennies: note.totalPennies,
    lines: lines.map(documentLine),
    byRate: vatByRate(lines),
  };
}
