import cluster from 'node:cluster';
import {
  DEMO_ADMIN,
  DEMO_ADMIN_BACKUP_CODES,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_CUSTOMER,
  demoAccountsExist,
  demoSecondFactorAllowed,
  isLoopback,
} from './account/seed-demo-users';
import { hashingGate } from './auth/auth';
import { answerBackupRequests } from './backup/backup-requests';
import type { Config } from './config';
import { createNodeListener } from './http/node-listener';
import { createShopServer } from './http/shop-server';
import { loadClientBuild } from './load-build';
import { createLogger, logsArePretty } from './logger';
import { scrapeWholeCluster } from './metrics/cluster-metrics';
import { createServices } from './services';
import { startBanner } from './start-banner';
import { startUpkeep } from './start-upkeep';

/**
 * Starts the shop on `config`: opens the database, listens, and stops cleanly on SIGINT/SIGTERM.
 * `announce: false` (every worker but the first, serve-in-workers.ts) skips the start banner.
 */
export async function serve(config: Config, { announce = true } = {}) {
  const log = createLogger(config);
  hashingGate.shareWith(config.processes);
  const services = await createServices(config, log);
  services.metrics.collectProcessMetrics();
  // Several processes: a scrape of any one answers for the whole shop (decision 028).
  if (cluster.isWorker) scrapeWholeCluster(services.metrics);
  const server = createShopServer(createNodeListener(services, await loadClientBuild()));
  // Nothing could be answered any more: stop, so whatever supervises the shop starts it again
  // (PGlite recovers its folder on opening) rather than leaving it up answering errors.
  services.onDatabaseLost((reason) => {
    log.fatal({ reason }, 'the database stopped; the shop stops too');
    process.exit(1);
  });
  services.mail.start();
  // Published demo passwords on a reachable address open the back office to anyone: say so loudly.
  const exposedDemo = !isLoopback(config.host) && (await demoAccountsExist(services.db));
  const stopUpkeep = startUpkeep(services, log);
  // `npm run backup` beside a running embedded shop asks it to take one (the files open in one
  // process only) and waits for its answer.
  process.on('SIGUSR2', () => {
    answerBackupRequests(config.backup.dataDir, () => services.backups.take('manual')).catch((err) =>
      log.error({ err: (err as Error).message }, 'could not answer `npm run backup`'),
    );
  });
  server.listen(config.port, config.host, () => {
    if (!announce) return;
    const warnings: string[] = [];
    if (exposedDemo) {
      const warning =
        `the demo accounts (published passwords, including an admin) exist and the shop listens ` +
        `on ${config.host}, reachable from other machines: anyone who can reach it can sign in as the demo ` +
        `admin. Listen on 127.0.0.1 (unset HOST), or use a database without the demo accounts.`;
      log.warn(`WARNING: ${warning}`);
      warnings.push(warning);
    }
    const where = { url: config.publicUrl, host: config.host, port: config.port, database: services.dbKind };
    if (!logsArePretty(config)) {
      // JSON logs go to a collector, not a person: one line, no frame.
      log.info(where, `Shop ready at ${config.publicUrl}`);
      return;
    }
    const demoAccounts = config.seedDemoUsers
      ? [
          { label: 'Admin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
          { label: 'Customer', email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
        ]
      : [];
    const database =
      config.database.kind === 'pglite'
        ? `embedded database in ${config.database.dataDir}`
        : 'PostgreSQL database (DATABASE_URL)';
    process.stdout.write(
      `\n${startBanner({
        shopName: config.shop.name,
        url: config.publicUrl,
        database,
        demoAccounts,
        demoSecondFactor:
          config.seedDemoUsers && demoSecondFactorAllowed(config)
            ? { secret: DEMO_ADMIN_TOTP_SECRET, backupCode: DEMO_ADMIN_BACKUP_CODES[0]! }
            : undefined,
        warnings,
      })}\n`,
    );
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.close();
    stopUpkeep();
    await services.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
