import { createServer } from 'node:http';
import { loadConfig } from './config';
import { DEMO_ADMIN, DEMO_CUSTOMER, demoAccountsExist, isLoopback } from './db/seed-demo-users';
import { createNodeListener } from './http/node-listener';
import { loadClientBuild } from './load-build';
import { createLogger } from './logger';
import { createServices } from './services';

const config = loadConfig();
const log = createLogger(config);
const services = await createServices(config, log);
const server = createServer(createNodeListener(services, await loadClientBuild()));
services.mail.start();
// Published demo passwords on a reachable address open the back office to anyone: say so loudly.
const exposedDemo = !isLoopback(config.host) && (await demoAccountsExist(services.db));
server.listen(config.port, config.host, () => {
  log.info(
    `Shop ready at ${config.publicUrl} (listening on ${config.host}:${config.port}, ${services.dbKind} database)`,
  );
  if (config.seedDemoUsers) {
    console.log(
      `\n  Demo admin:    ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}` +
        `\n  Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}\n`,
    );
  }
  if (exposedDemo) {
    const warning =
      `WARNING: the demo accounts (published passwords, including an admin) exist and the shop listens ` +
      `on ${config.host}, reachable from other machines: anyone who can reach it can sign in as the demo ` +
      `admin. Listen on 127.0.0.1 (unset HOST), or use a database without the demo accounts.`;
    log.warn(warning);
    console.warn(`\n${'!'.repeat(78)}\n${warning}\n${'!'.repeat(78)}\n`);
  }
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  server.close();
  await services.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
