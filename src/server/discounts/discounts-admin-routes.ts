import { Hono } from 'hono';
import { DiscountActiveSchema, DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { parseOrThrow } from '../errors';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** The back office's discount codes, under /api/admin behind its guard (app.ts). */
export function discountsAdminRoutes(services: Services) {
  const { discounts } = services;
  return (
    new Hono()
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
  );
}
