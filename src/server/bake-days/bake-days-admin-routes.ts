import { Hono } from 'hono';
import { csvResponse, oneBatch } from '../csv/csv';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** The back office's bake days and the day's Click & Drop file, under /api/admin behind its guard (app.ts). */
export function bakeDaysAdminRoutes(services: Services) {
  const { bakeDays } = services;
  return (
    new Hono()
      .get('/bake-days', async (c) => c.json(await bakeDays.calendar()))
      // The day's posted parcels for Royal Mail Click & Drop's import (docs/rules/dispatch.md).
      .get('/bake-days/:date/click-and-drop.csv', async (c) => {
        const { date, header, rows } = await services.daySheets.clickAndDropRows(c.req.param('date'));
        return csvResponse(`click-and-drop-${date}.csv`, header, oneBatch(rows));
      })
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
  );
}
