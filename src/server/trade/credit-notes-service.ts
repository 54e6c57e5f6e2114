import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '~/shared/orders/actor';
import type { IsoDate } from '~/shared/time/london-time';
import {
  CREDIT_NOTE_MESSAGES,
  CREDIT_NOTE_NOTE_MAX,
  CREDIT_NOTE_REASON_LABELS,
  CREDIT_NOTE_REASONS,
  type CreditNoteDocumentData,
  type CreditNoteReason,
  creditNoteDocument,
  creditNoteNumberText,
  overCreditMessage,
} from '~/shared/trade/credit-notes';
import { priceTradeLines, storedLine } from '~/shared/trade/trade';
import { invoiceNumberText, TRADE_ORDER_MESSAGES } from '~/shared/trade/trade-invoices';
import { recordActivity } from '../activity/activity-log';
import type { Db, Tx } from '../db/client';
import { tradeCreditNoteLines, tradeCreditNotes, tradeInvoiceLines, tradeInvoices } from '../db/schema';
import { badRequest, notFound } from '../errors';
import type { OrdersService } from '../orders/orders-service';
import { creditNoteEmail } from './credit-note-email';
import { nextDocumentNumber } from './document-numbers';

export interface CreditNotesDeps {
  db: Db;
  orders: Pick<OrdersService, 'creditOnAccount'>;
  /** The e-mail of the customer an invoice's order belongs to. */
  emailOfOrder: (tx: Tx, orderId: string) => Promise<string>;
  enqueue: (email: ReturnType<typeof creditNoteEmail>, tx: Tx) => Promise<void>;
  shopName: (exec: Db | Tx) => Promise<string>;
  publicUrl: string;
  today: () => IsoDate;
}

type Wanted = { reason: CreditNoteReason; note: string | null; quantities: Map<number, number> };

/** The owner's form, checked: a reason, a note within its length, whole quantities per line. */
function parseWanted(input: unknown): Wanted {
  const raw = (input ?? {}) as { reason?: unknown; note?: unknown; quantities?: unknown };
  const reason = CREDIT_NOTE_REASONS.find((r) => r === raw.reason);
  if (!reason) throw badRequest(CREDIT_NOTE_MESSAGES.reason, { reason: CREDIT_NOTE_MESSAGES.reason });
  const note = typeof raw.note === 'string' ? raw.note.trim() : '';
  if (note.length > CREDIT_NOTE_NOTE_MAX)
    throw badRequest(CREDIT_NOTE_MESSAGES.note, { note: CREDIT_NOTE_MESSAGES.note });
  const given =
    raw.quantities && typeof raw.quantities === 'object' ? (raw.quantities as Record<string, unknown>) : {};
  const quantities = new Map<number, number>();
  for (const [key, value] of Object.entries(given)) {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (text === '' || text === '0') continue;
    if (!/^\d{1,5}$/.test(text) || !/^\d{1,4}$/.test(key))
      throw badRequest(CREDIT_NOTE_MESSAGES.quantity, { [`q_${key}`]: CREDIT_NOTE_MESSAGES.quantity });
    quantities.set(Number(key), Number(text));
  }
  if (quantities.size === 0) throw badRequest(CREDIT_NOTE_MESSAGES.nothing);
  return { reason, note: note || null, quantities };
}

const invoiceNumberOf = (raw: string | number) => {
  const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/^INV-/i, ''));
  if (!Number.isInteger(n) || n <= 0 || n > 2_000_000_000) throw notFound(TRADE_ORDER_MESSAGES.noInvoice);
  return n;
};

/**
 * Credit notes for cookies short on the day or returned (decision 091): numbered from their own
 * sequence, priced at the invoice's unit prices line by line (the one trade pricing), never more
 * of a line than the invoice had. The invoice's row is the lock, so two credit notes for its last
 * cookies queue and the second sees the first.
 */
export function createCreditNotesService(deps: CreditNotesDeps) {
  const { db } = deps;

  async function documentsOf(exec: Db | Tx, invoiceNumbers: number[]) {
    if (invoiceNumbers.length === 0) return new Map<number, CreditNoteDocumentData[]>();
    const notes = await exec
      .select()
      .from(tradeCreditNotes)
      .where(inArray(tradeCreditNotes.invoiceNumber, invoiceNumbers))
      .orderBy(asc(tradeCreditNotes.number));
    const lines =
      notes.length === 0
        ? []
        : await exec
            .select()
            .from(tradeCreditNoteLines)
            .where(
              inArray(
                tradeCreditNoteLines.creditNoteNumber,
                notes.map((n) => n.number),
              ),
            )
            .orderBy(asc(tradeCreditNoteLines.invoicePosition));
    const byInvoice = new Map<number, CreditNoteDocumentData[]>();
    for (const n of notes) {
      const list = byInvoice.get(n.invoiceNumber) ?? [];
      list.push(
        creditNoteDocument(
          n,
          lines.filter((l) => l.creditNoteNumber === n.number),
        ),
      );
      byInvoice.set(n.invoiceNumber, list);
    }
    return byInvoice;
  }

  return {
    /** The credit notes of one invoice, oldest first, as its page shows them. */
    async forInvoice(invoiceNumber: number): Promise<CreditNoteDocumentData[]> {
      return (await documentsOf(db, [invoiceNumber])).get(invoiceNumber) ?? [];
    },

    /** How many of each invoice line can still be credited, by line position. */
    async creditable(rawNumber: string | number): Promise<Map<number, number>> {
      const number = invoiceNumberOf(rawNumber);
      const lines = await db
        .select({ position: tradeInvoiceLines.position, quantity: tradeInvoiceLines.quantity })
        .from(tradeInvoiceLines)
        .where(eq(tradeInvoiceLines.invoiceNumber, number));
      const credited = await creditedQuantities(db, number);
      return new Map(lines.map((l) => [l.position, l.quantity - (credited.get(l.position) ?? 0)]));
    },

    /**
     * The owner issues a credit note against an invoice. Unpaid: it is taken off what the invoice
     * asks (an invoice credited down to nothing is settled). Paid by bank transfer: the money is
     * paid back, recorded as a refund by transfer. Paid by card: refused, the order's refund gives
     * the money back to the card. Returns the credit note's number.
     */
    async issue(rawNumber: string | number, input: unknown, actor: Actor): Promise<number> {
      const number = invoiceNumberOf(rawNumber);
      const wanted = parseWanted(input);
      return db.transaction(async (tx) => {
        const [invoice] = await tx
          .select()
          .from(tradeInvoices)
          .where(eq(tradeInvoices.number, number))
          .for('update');
        if (!invoice) throw notFound(TRADE_ORDER_MESSAGES.noInvoice);
        if (invoice.paidBy === 'card') throw badRequest(CREDIT_NOTE_MESSAGES.paidByCard);
        const invoiceLines = await tx
          .select()
          .from(tradeInvoiceLines)
          .where(eq(tradeInvoiceLines.invoiceNumber, number))
          .orderBy(asc(tradeInvoiceLines.position));
        const credited = await creditedQuantities(tx, number);
        const chosen = invoiceLines.filter((l) => wanted.quantities.has(l.position));
        if (chosen.length !== wanted.quantities.size) throw badRequest(CREDIT_NOTE_MESSAGES.nothing);
        for (const l of chosen) {
          const left = l.quantity - (credited.get(l.position) ?? 0);
          if (wanted.quantities.get(l.position)! > left) {
            const message = overCreditMessage(l.description, left);
            throw badRequest(message, { [`q_${l.position}`]: message });
          }
        }
        const priced = priceTradeLines(
          chosen.map((l) => ({
            productId: String(l.position),
            name: l.description,
            quantity: wanted.quantities.get(l.position)!,
            unitPenniesExVat: l.unitPenniesExVat,
            vatRate: l.vatRate,
          })),
        );
        if (priced.totalPennies <= 0) throw badRequest(CREDIT_NOTE_MESSAGES.nothing);
        const noteNumber = await nextDocumentNumber(tx, 'credit_note');
        const payBack = invoice.paidAt !== null;
        await tx.insert(tradeCreditNotes).values({
          number: noteNumber,
          invoiceNumber: number,
          accountId: invoice.accountId,
          issuedOn: deps.today(),
          reason: wanted.reason,
          note: wanted.note,
          settledBy: payBack ? 'bank_transfer' : 'invoice',
          netPennies: priced.netPennies,
          vatPennies: priced.vatPennies,
          totalPennies: priced.totalPennies,
          issuedBy: actor.name,
        });
        await tx.insert(tradeCreditNoteLines).values(
          priced.lines.map((l) => ({
            creditNoteNumber: noteNumber,
            invoicePosition: Number(l.productId),
            ...storedLine(l),
          })),
        );
        const owedPennies = await deps.orders.creditOnAccount(tx, {
          orderId: invoice.orderId,
          pennies: priced.totalPennies,
          reason: `Credit note ${creditNoteNumberText(noteNumber)} against ${invoiceNumberText(number)}: ${CREDIT_NOTE_REASON_LABELS[wanted.reason].toLowerCase()}`,
          requestKey: `credit_note_${noteNumber}`,
          actor,
          payBack,
        });
        if (!payBack && owedPennies === 0) {
          await tx
            .update(tradeInvoices)
            .set({ paidAt: new Date(), paidBy: 'credit_note' })
            .where(eq(tradeInvoices.number, number));
        }
        await recordActivity(tx, {
          kind: 'trade.credit-note',
          record: ['trade_credit_note', String(noteNumber)],
          after: {
            invoice: number,
            reason: wanted.reason,
            totalPennies: priced.totalPennies,
            settledBy: payBack ? 'bank_transfer' : 'invoice',
          },
        });
        await deps.enqueue(
          creditNoteEmail(await deps.shopName(tx), {
            to: await deps.emailOfOrder(tx, invoice.orderId),
            number: noteNumber,
            invoiceNumber: number,
            customerName: invoice.customerName,
            totalPennies: priced.totalPennies,
            payBack,
            owedPennies,
            link: `${deps.publicUrl}/trade/invoices/${number}`,
          }),
          tx,
        );
        return noteNumber;
      });
    },
  };
}

/** How many of each line of an invoice its credit notes have credited, by line position. */
async function creditedQuantities(exec: Db | Tx, invoiceNumber: number): Promise<Map<number, number>> {
  const rows = await exec
    .select({
      position: tradeCreditNoteLines.invoicePosition,
      quantity: sql<number>`sum(${tradeCreditNoteLines.quantity})`.mapWith(Number),
    })
    .from(tradeCreditNoteLines)
    .innerJoin(tradeCreditNotes, eq(tradeCreditNotes.number, tradeCreditNoteLines.creditNoteNumber))
    .where(eq(tradeCreditNotes.invoiceNumber, invoiceNumber))
    .groupBy(tradeCreditNoteLines.invoicePosition);
  return new Map(rows.map((r) => [r.position, r.quantity]));
}

export type CreditNotesService = ReturnType<typeof createCreditNotesService>;
