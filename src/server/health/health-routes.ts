import { Hono } from 'hono';
import { pingDatabase } from '../db/client';
import type { Services } from '../services';

export function healthRoutes(services: Services) {
  return new Hono().get('/', async (c) => {
    const database = await pingDatabase(services.db);
    return c.json({ status: database ? 'ok' : 'degraded', database }, database ? 200 : 503);
  });
}
