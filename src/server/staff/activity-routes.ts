import { Hono } from 'hono';
import { ACTIVITY_CSV_HEADER } from '../activity/activity-reads';
import { type AuthEnv, adminOnly } from '../auth/guards';
import { csvResponse } from '../csv/csv';
import type { Services } from '../services';

/** The owner's Activity: entries filtered by `person`, `kind`, `from` and `to` (London dates). */
export function activityRoutes(services: Services) {
  const { activity } = services;
  return new Hono<AuthEnv>()
    .use('*', adminOnly(services.session))
    .get('/', async (c) => c.json(await activity.list(c.req.query())))
    .get('/export.csv', (c) =>
      csvResponse('activity.csv', ACTIVITY_CSV_HEADER, activity.csvRows(c.req.query())),
    );
}
