import {
  BOOKS_FORMATS,
  BOOKS_KINDS,
  BOOKS_MESSAGES,
  type BookOrder,
  type BooksFormat,
  type BooksKind,
  type BooksPeriod,
  booksFileName,
  filesFor,
  INVOICES_PER_FILE,
  parseBooksPeriod,
} from '~/shared/books/books';
import type { Db } from '../db/client';
import { badRequest } from '../errors';
import type { BookOrderRow } from '../orders/books-entries';
import type { OrdersService } from '../orders/orders-service';
import { creditNotesOfRefunds, tradeNamesOf } from '../trade/trade-customers';
import { BOOKS_HEADERS, creditNoteRows, invoiceRows } from './books-files';

/** What the Books page shows for a period: what the files hold, and the sales apart. */
export interface BooksSummary {
  period: BooksPeriod;
  invoices: number;
  creditNotes: number;
  /** Every file to download: one per 500 invoices (or credit notes), each format. */
  files: { format: BooksFormat; kind: BooksKind; part: number; parts: number; name: string }[];
  sales: SalesApart;
}

/** Sales in a period (money taken less refunds, gift cards sold left out), retail and trade apart. */
export interface SalesApart {
  retail: { orders: number; pennies: number };
  trade: { orders: number; pennies: number };
}

type Query = Record<string, string | undefined>;

/** The period a query names, or a 400 with the reason. */
export function periodOrThrow(query: Query): BooksPeriod {
  const period = parseBooksPeriod(query);
  if ('error' in period) throw badRequest(period.error, { month: period.error });
  return period;
}

/**
 * The books (decision 087): the orders module reads the paid orders and refunds, the
 * trade module says which customers are trade, and this shapes them into Xero's and QuickBooks'
 * files, at most 500 invoices a file.
 */
export function createBooksService(deps: { db: Db; orders: Pick<OrdersService, 'books'> }) {
  const { db } = deps;
  const books = deps.orders.books;

  /** Orders named as the books name them: a trade customer by their business. */
  async function withTrade<T extends BookOrderRow>(list: T[]): Promise<T[]> {
    const names = await tradeNamesOf(
      db,
      list.map((o) => o.profileId),
    );
    return list.map((o) => {
      const business = names.get(o.profileId);
      return business ? { ...o, trade: true, contact: business } : o;
    });
  }

  async function salesApart(period: BooksPeriod): Promise<SalesApart> {
    const rows = await books.salesByCustomer(period);
    const trade = await tradeNamesOf(
      db,
      rows.map((r) => r.profileId),
    );
    const out: SalesApart = { retail: { orders: 0, pennies: 0 }, trade: { orders: 0, pennies: 0 } };
    for (const r of rows) {
      const side = trade.has(r.profileId) ? out.trade : out.retail;
      side.orders += r.orders;
      side.pennies += r.pennies;
    }
    return out;
  }

  return {
    salesApart,

    async summary(query: Query): Promise<BooksSummary> {
      const period = periodOrThrow(query);
      const [counts, sales] = await Promise.all([books.counts(period), salesApart(period)]);
      const files = BOOKS_FORMATS.flatMap((format) =>
        BOOKS_KINDS.flatMap((kind) => {
          const parts = filesFor(kind === 'invoices' ? counts.invoices : counts.creditNotes);
          return Array.from({ length: parts }, (_, i) => ({
            format,
            kind,
            part: i + 1,
            parts,
            name: booksFileName(format, kind, period, i + 1, parts),
          }));
        }),
      );
      return { period, invoices: counts.invoices, creditNotes: counts.creditNotes, files, sales };
    },

    /**
     * One file: its name, header and rows (one invoice's rows never split across files). A part
     * past the last is a 400 saying so, not an empty file.
     */
    async file(query: Query) {
      const period = periodOrThrow(query);
      const format = query.format as BooksFormat;
      if (!BOOKS_FORMATS.includes(format))
        throw badRequest(BOOKS_MESSAGES.format, { format: BOOKS_MESSAGES.format });
      const kind = query.kind as BooksKind;
      if (!BOOKS_KINDS.includes(kind)) throw badRequest(BOOKS_MESSAGES.kind, { kind: BOOKS_MESSAGES.kind });
      const counts = await books.counts(period);
      const parts = filesFor(kind === 'invoices' ? counts.invoices : counts.creditNotes);
      const part = query.part === undefined ? 1 : Number(query.part);
      if (!Number.isInteger(part) || part < 1 || part > parts)
        throw badRequest(BOOKS_MESSAGES.part, { part: BOOKS_MESSAGES.part });
      const page = { offset: (part - 1) * INVOICES_PER_FILE, limit: INVOICES_PER_FILE };
      let rows: string[];
      if (kind === 'invoices') {
        const orders: BookOrder[] = await withTrade(await books.invoices(period, page));
        rows = orders.flatMap((o) => invoiceRows(format, o));
      } else {
        const refunds = await books.refunds(period, page);
        const named = await withTrade(refunds.map((r) => r.order));
        const documents = await creditNotesOfRefunds(
          db,
          refunds.map((r) => r.requestKey),
        );
        rows = refunds.flatMap((r, i) =>
          creditNoteRows(format, { ...r, order: named[i]!, document: documents.get(r.requestKey) }),
        );
      }
      return {
        name: booksFileName(format, kind, period, part, parts),
        header: BOOKS_HEADERS[format][kind],
        rows,
      };
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
