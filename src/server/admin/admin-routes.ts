import { type Context, Hono } from 'hono';
import { DiscountActiveSchema, DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { adminActor } from '~/shared/orders/actor';
import {
  ManualPaymentSchema,
  RefundRequestSchema,
  toManualPaymentInput,
  toRefundInput,
} from '~/shared/orders/payment-schemas';
import { OrderStatusUpdateSchema } from '~/shared/orders/schemas';
import { SHOP_TIME_ZONE } from '../../shared/time/london-time';
import { recordActivityNow } from '../activity/activity-log';
import { type AuthEnv, adminOnly } from '../auth/guards';
import { csvResponse } from '../csv/csv';
import { badRequest, parseOrThrow } from '../errors';
import { jsonBody } from '../http/json-body';
import { ORDER_CSV_HEADER } from '../orders/order-export';
import type { Services } from '../services';
import { CUSTOMER_CSV_HEADER } from './customers-export';

/** Rows already in hand, as the one batch of a CSV download. */
async function* oneBatch(rows: string[]) {
  yield rows;
}

/** Today in London, for a download's file name. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: SHOP_TIME_ZONE });

/**
 * The `photo` file of a multipart form, as bytes, and its optional `crop` (JSON text, checked by
 * the service); a 400 when the photo is missing.
 */
async function photoUpload(c: Context): Promise<{ bytes: Uint8Array; crop: unknown }> {
  const form = await c.req.formData().catch(() => {
    throw badRequest('Send the photo as a multipart form with a "photo" file');
  });
  const file = form.get('photo');
  if (!(file instanceof File)) throw badRequest('Please choose a photo to upload.', { photo: 'Required' });
  const crop = form.get('crop');
  return { bytes: new Uint8Array(await file.arrayBuffer()), crop: crop ?? undefined };
}

/** The back office's JSON API. Every route, known or not, answers only to an admin (401/403 otherwise). */
export function adminRoutes(services: Services) {
  const { admin, bakeDays, discounts, mail, orders, settings } = services;
  return (
    new Hono<AuthEnv>()
      .use('*', adminOnly(services.session))
      .get('/dashboard', async (c) => c.json(await admin.dashboard.get({ zone: c.req.query('zone') })))
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
        return csvResponse(`orders-${today()}.csv`, ORDER_CSV_HEADER, rows);
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
      // "Mark as paid": money taken by hand, recorded as a provider's payment is (decision 032).
      .post('/orders/:id/payments', async (c) => {
        const input = parseOrThrow(ManualPaymentSchema, await jsonBody(c));
        const order = await services.payments.markAsPaid(
          c.req.param('id'),
          toManualPaymentInput(input),
          adminActor(c.get('user')),
        );
        return c.json({ order }, 201);
      })
      .get('/products', async (c) => c.json({ products: await admin.products.list() }))
      .post('/products', async (c) =>
        c.json({ product: await admin.products.create(await jsonBody(c)) }, 201),
      )
      .patch('/products/:id', async (c) =>
        c.json({ product: await admin.products.update(c.req.param('id'), await jsonBody(c)) }),
      )
      .put('/products/:id/photo', async (c) => {
        const { bytes, crop } = await photoUpload(c);
        return c.json({ product: await admin.products.setPhoto(c.req.param('id'), bytes, crop) });
      })
      .put('/products/:id/photo/crop', async (c) =>
        c.json({ product: await admin.products.setPhotoCrop(c.req.param('id'), await jsonBody(c)) }),
      )
      .get('/products/:id/photo/master.webp', async (c) =>
        c.body(new Uint8Array(await admin.products.photoMaster(c.req.param('id'))), 200, {
          'content-type': 'image/webp',
          'cache-control': 'private, no-cache',
        }),
      )
      .delete('/products/:id/photo', async (c) =>
        c.json({ product: await admin.products.removePhoto(c.req.param('id')) }),
      )
      .delete('/products/:id', async (c) => c.json(await admin.products.remove(c.req.param('id'))))
      .get('/discounts', async (c) => c.json({ discount_codes: await discounts.list() }))
      .post('/discounts', async (c) => {
        const input = parseOrThrow(DiscountCodeFormSchema, await jsonBody(c));
        return c.json({ discount_code: await discounts.create(input) }, 201);
      })
      // The whole form, as the admin page sends it; PATCH only turns a code on or off.
      .put('/discounts/:id', async (c) => {
        const input = parseOrThrow(DiscountCodeFormSchema, await jsonBody(c));
        return c.json({ discount_code: await discounts.update(c.req.param('id'), input) });
      })
      .patch('/discounts/:id', async (c) => {
        const { is_active } = parseOrThrow(DiscountActiveSchema, await jsonBody(c));
        return c.json({ discount_code: await discounts.setActive(c.req.param('id'), is_active) });
      })
      .delete('/discounts/:id', async (c) => c.json({ outcome: await discounts.remove(c.req.param('id')) }))
      // The books (decision 087): a period's sales for Xero or QuickBooks, 500 invoices a file.
      .get('/books', async (c) => c.json(await services.books.summary(c.req.query())))
      .get('/books/export.csv', async (c) => {
        const query = c.req.query();
        const file = await services.books.file(query);
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
      })
      .get('/customers/export.csv', async (_c) => {
        await recordActivityNow(services.db, { kind: 'export.customers', record: ['export', 'customers'] });
        return csvResponse(`customers-${today()}.csv`, CUSTOMER_CSV_HEADER, admin.customers.exportCsvRows());
      })
      .get('/customers', async (c) => c.json(await admin.customers.list({ page: c.req.query('page') })))
      .get('/deliveries', async (c) => c.json(await orders.deliveries.list({ page: c.req.query('page') })))
      .patch('/deliveries/:id', async (c) =>
        c.json({ delivery: await orders.deliveries.update(c.req.param('id'), await jsonBody(c)) }),
      )
      .get('/emails', async (c) => c.json(await mail.outbox.list({ page: c.req.query('page') })))
      .get('/emails/:id', async (c) => c.json({ email: await mail.outbox.get(c.req.param('id')) }))
      .post('/emails/:id/resend', async (c) => c.json({ email: await mail.outbox.resend(c.req.param('id')) }))
      .get('/bake-days', async (c) => c.json(await bakeDays.calendar()))
      // The day's posted parcels for Royal Mail Click & Drop's import (docs/rules/dispatch.md).
      .get('/bake-days/:date/click-and-drop.csv', async (c) => {
        const { date, header, rows } = await services.daySheets.clickAndDropRows(c.req.param('date'));
        return csvResponse(`click-and-drop-${date}.csv`, header, oneBatch(rows));
      })
      .get('/limited-ahead', async (c) => c.json(await services.limitedAhead()))
      .put('/bake-days/template', async (c) =>
        c.json({ template: await bakeDays.saveTemplate(await jsonBody(c)) }),
      )
      .put('/bake-days/overrides/:date', async (c) =>
        c.json({
          override: await bakeDays.setOverride({ ...(await jsonBody(c)), date: c.req.param('date') }),
        }),
      )
      .delete('/bake-days/overrides/:date', async (c) => {
        await bakeDays.removeOverride(c.req.param('date'));
        return c.json({ ok: true });
      })
      // Ingredients, recipes and the production sheet (issue 46).
      .get('/ingredients', async (c) => c.json({ ingredients: await services.recipes.ingredients() }))
      .post('/ingredients', async (c) =>
        c.json({ ingredient: await services.recipes.createIngredient(await jsonBody(c)) }, 201),
      )
      .put('/ingredients/:id', async (c) =>
        c.json({ ingredient: await services.recipes.updateIngredient(c.req.param('id'), await jsonBody(c)) }),
      )
      .delete('/ingredients/:id', async (c) =>
        c.json(await services.recipes.removeIngredient(c.req.param('id'))),
      )
      .get('/recipes', async (c) => c.json(await services.recipes.list()))
      .put('/products/:id/recipe', async (c) =>
        c.json({ recipe: await services.recipes.saveProductRecipe(c.req.param('id'), await jsonBody(c)) }),
      )
      .post('/sub-recipes', async (c) =>
        c.json({ recipe: await services.recipes.saveSubRecipe(null, await jsonBody(c)) }, 201),
      )
      .put('/sub-recipes/:id', async (c) =>
        c.json({ recipe: await services.recipes.saveSubRecipe(c.req.param('id'), await jsonBody(c)) }),
      )
      .delete('/recipes/:id', async (c) => c.json(await services.recipes.removeRecipe(c.req.param('id'))))
      .get('/bake-days/:date/production', async (c) =>
        c.json(await services.production.day(c.req.param('date'), c.req.query('split'))),
      )
      .get('/settings', async (c) => c.json({ settings: await settings.get() }))
      .put('/settings', async (c) => c.json({ settings: await settings.save(await jsonBody(c)) }))
      // Who we are and the terms of sale (issue 49).
      .get('/settings/trader', async (c) => c.json({ trader: await services.trader.get() }))
      .put('/settings/trader', async (c) => c.json({ trader: await services.trader.save(await jsonBody(c)) }))
      .post('/settings/terms', async (c) => {
        return c.json({ terms: await services.terms.publish((await jsonBody(c)).body) });
      })
      // Settings -> Delivery (issue 30): every answer lists the zones and where they overlap.
      .get('/delivery-zones', async (c) => c.json(await services.zones.withOverlaps()))
      .post('/delivery-zones', async (c) => c.json(await services.zones.save(null, await jsonBody(c))))
      .put('/delivery-zones/:id', async (c) =>
        c.json(await services.zones.save(c.req.param('id'), await jsonBody(c))),
      )
      .delete('/delivery-zones/:id', async (c) => c.json(await services.zones.remove(c.req.param('id'))))
  );
}
