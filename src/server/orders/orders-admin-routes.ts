import { Hono } from 'hono';
import { adminActor } from '~/shared/orders/actor';
import {
  ManualPaymentSchema,
  RefundRequestSchema,
  toManualPaymentInput,
  toRefundInput,
} from '~/shared/orders/payment-schemas';
import { OrderStatusUpdateSchema } from '~/shared/orders/schemas';
import { londonDate } from '~/shared/time/london-time';
import { recordActivityNow } from '../activity/activity-log';
import type { AuthEnv } from '../auth/guards';
import { csvResponse } from '../csv/csv';
import { parseOrThrow } from '../errors';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';
import { ORDER_CSV_HEADER } from './order-export';

/** The back office's orders and deliveries, under /api/admin behind its guard (app.ts). */
export function ordersAdminRoutes(services: Services) {
  const { orders } = services;
  return (
    new Hono<AuthEnv>()
      .get('/orders', async (c) => {
        const { q, status, from, to, day, zone, page } = c.req.query();
        return c.json(await orders.listForAdmin({ q, status, from, to, day, zone, page }));
      })
      // Before /orders/:id, which would otherwise take "export.csv" for an id.
      .get('/orders/export.csv', async (c) => {
        const { q, status, from, to, day, zone } = c.req.query();
        await recordActivityNow(services.db, {
          kind: 'export.orders',
          record: ['export', 'orders'],
          after: { q, status, from, to, day, zone },
        });
        const rows = orders.exportCsvRows({ q, status, from, to, day, zone });
        return csvResponse(`orders-${londonDate(new Date())}.csv`, ORDER_CSV_HEADER, rows);
      })
      .get('/orders/:id', async (c) => c.json({ order: await orders.getForAdmin(c.req.param('id')) }))
      .patch('/orders/:id', async (c) => {
        const { status } = parseOrThrow(OrderStatusUpdateSchema, await jsonBody(c));
        return c.json({
          order: await orders.setStatus(c.req.param('id'), status, adminActor(c.get('user'))),
        });
      })
      .post('/orders/:id/refunds', async (c) => {
        const input = parseOrThrow(RefundRequestSchema, await jsonBody(c));
        const order = await orders.refund(c.req.param('id'), toRefundInput(input), adminActor(c.get('user')));
        return c.json({ order }, 201);
      })
      // "Mark as paid": money taken by hand, recorded as a provider's payment is (decision 032),
      // so through payments, which records it on the order.
      .post('/orders/:id/payments', async (c) => {
        const input = parseOrThrow(ManualPaymentSchema, await jsonBody(c));
        const order = await services.payments.markAsPaid(
          c.req.param('id'),
          toManualPaymentInput(input),
          adminActor(c.get('user')),
        );
        return c.json({ order }, 201);
      })
      .get('/deliveries', async (c) => c.json(await orders.deliveries.list({ page: c.req.query('page') })))
      .patch('/deliveries/:id', async (c) =>
        c.json({ delivery: await orders.deliveries.update(c.req.param('id'), await jsonBody(c)) }),
      )
  );
}
