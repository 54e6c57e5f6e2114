import { Hono } from 'hono';
import { recordActivityNow } from '../activity/activity-log';
import { csvResponse, oneBatch } from '../csv/csv';
import type { Services } from '../services';

/**
 * The books (decision 087): a period's sales for Xero or QuickBooks, 500 invoices a file. Under
 * /api/admin behind its guard (app.ts).
 */
export function booksAdminRoutes(services: Services) {
  const { books } = services;
  return new Hono()
    .get('/books', async (c) => c.json(await books.summary(c.req.query())))
    .get('/books/export.csv', async (c) => {
      const query = c.req.query();
      const file = await books.file(query);
      // Customers' names and e-mails go with it: an export of customers' data.
      await recordActivityNow(services.db, {
        kind: 'export.books',
        record: ['export', 'books'],
        after: {
          format: query.format,
          kind: query.kind,
          month: query.month,
          from: query.from,
          to: query.to,
          part: query.part,
        },
      });
      return csvResponse(file.name, file.header, oneBatch(file.rows));
    });
}
