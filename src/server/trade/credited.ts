import { sql } from 'drizzle-orm';
import { tradeCreditNotes } from '../db/schema';

/**
 * The outer query's invoice, table-qualified: drizzle leaves columns unqualified in a one-table
 * select, where a bare "number" inside the subquery would mean the credit note's own.
 */
const thisInvoice = sql.raw('"trade_invoices"."number"');

/** What credit notes took off the outer query's invoice (those paid back are not counted). */
export const creditedOnInvoice = sql<number>`coalesce((
  select sum(c.total_pennies) from ${tradeCreditNotes} c
  where c.invoice_number = ${thisInvoice} and c.settled_by = 'invoice'
), 0)`.mapWith(Number);
