import { Hono } from 'hono';
import { migrationsDone, newestMigrationMillis, pingDatabase } from '../db/client';
import type { Services } from '../services';

/** Liveness, for the load balancer: the process answers and its database does. */
export function healthRoutes(services: Services) {
  return new Hono().get('/', async (c) => {
    const database = await pingDatabase(services.db, services.log);
    return c.json({ status: database ? 'ok' : 'degraded', database }, database ? 200 : 503);
  });
}

/**
 * Readiness, for whatever decides to send this instance customers: the database answers, it has
 * every migration this release carries, and the e-mail worker runs. 503 with what is missing
 * otherwise.
 */
export function readyRoutes(services: Services) {
  const newest = newestMigrationMillis();
  return new Hono().get('/', async (c) => {
    const database = await pingDatabase(services.db, services.log);
    const migrations = database && (await migrationsDone(services.db, newest, services.log));
    const emailWorker = services.mail.running;
    const ready = database && migrations && emailWorker;
    c.header('Cache-Control', 'no-store');
    return c.json(
      { status: ready ? 'ready' : 'not ready', database, migrations, emailWorker },
      ready ? 200 : 503,
    );
  });
}
