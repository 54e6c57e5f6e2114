/**
 * CSV for spreadsheets (RFC 4180), written by hand: a dozen lines, and no library we looked at
 * guards against formula injection, which is the part that matters here.
 */

/**
 * A cell a spreadsheet would run as a formula: one starting with = + - @ (also tab and carriage
 * return, per OWASP), or with one of them after blanks or separators only (" =1+1", ",=1+1":
 * importers trim blanks, and one splitting at another separator starts a cell there).
 */
const FORMULA_START = /^[\s,;]*[=+\-@]|^[\t\r]/;
/**
 * A formula character after a separator inside the cell (tab, line break, comma, semicolon, with
 * blanks between or not): where an import with another separator, or a paste, starts a new cell
 * (OWASP, "CSV Injection": the dangerous character may be in the middle of the input). Not after
 * a plain space: nothing starts a cell there, and "Flat 2 - Rear" must reach the label as typed.
 */
const FORMULA_AFTER_SEPARATOR = /([\t\r\n,;][ \t\r\n]*)([=+\-@])/g;

/** Pennies as pounds with two decimals, a number to the spreadsheet (never guarded: it is ours). */
export const pounds = (pennies: number) => {
  const sign = pennies < 0 ? '-' : '';
  const abs = Math.abs(pennies);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * One text cell: one the spreadsheet would run as a formula gets an apostrophe in front (shown as
 * text, not run), and so does every formula character after a separator inside it; cells with
 * commas, semicolons, tabs, quotes or line breaks are quoted (one cell, whichever separator a
 * spreadsheet reads).
 */
export function textCell(value: string | null | undefined): string {
  let v = value ?? '';
  if (FORMULA_START.test(v)) v = `'${v}`;
  v = v.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  return /[",;\t\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A row: text cells guarded, numbers (already formatted by us) as they are; CRLF ends it. */
export function csvRow(cells: (string | { number: string })[]): string {
  return `${cells.map((c) => (typeof c === 'string' ? textCell(c) : c.number)).join(',')}\r\n`;
}

/** Byte order mark: Excel reads the file as UTF-8 only with it (others ignore it). */
export const UTF8_BOM = '\uFEFF';

/** Rows already in hand, as the one batch of a CSV download. */
export async function* oneBatch(rows: string[]) {
  yield rows;
}

/**
 * A CSV download streamed batch by batch: the next batch is read only when the client has taken
 * the last one, so memory stays flat however many rows there are, and other requests are served
 * between batches.
 */
export function csvResponse(filename: string, header: string[], batches: AsyncIterable<string[]>) {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(UTF8_BOM + csvRow(header)));
        return;
      }
      // Let the server read other requests first. On the embedded database a query never waits
      // for I/O, so without this pause the whole export would run as one chain of promises and
      // nothing else would be answered until it ended (bench:export measured a /api/health wait
      // of 18 s during a 100,000-order export).
      await new Promise((resolve) => setImmediate(resolve));
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.join('')));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
