import { Hono } from 'hono';
import { londonDate } from '~/shared/time/london-time';
import { recordActivityNow } from '../activity/activity-log';
import { csvResponse } from '../csv/csv';
import type { Services } from '../services';
import { CUSTOMER_CSV_HEADER } from './customers-export';

/**
 * The back office's views across domains: the dashboard and the customers. Under /api/admin
 * behind its guard (app.ts); each domain's own back-office routes live in its folder.
 */
export function adminRoutes(services: Services) {
  const { admin } = services;
  return new Hono()
    .get('/dashboard', async (c) => c.json(await admin.dashboard.get({ zone: c.req.query('zone') })))
    .get('/customers/export.csv', async (_c) => {
      await recordActivityNow(services.db, { kind: 'export.customers', record: ['export', 'customers'] });
      return csvResponse(
        `customers-${londonDate(new Date())}.csv`,
        CUSTOMER_CSV_HEADER,
        admin.customers.exportCsvRows(),
      );
    })
    .get('/customers', async (c) => c.json(await admin.customers.list({ page: c.req.query('page') })));
}
