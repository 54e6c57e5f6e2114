import { createServer } from 'node:http';
import { loadConfig } from './config';
import { DEMO_ADMIN, DEMO_CUSTOMER } from './db/seed-demo-users';
import { createNodeListener } from './http/node-listener';
import { loadClientBuild } from './load-build';
import { createLogger } from './logger';
import { createServices } from './services';

const config = loadConfig();
const log = createLogger(config);
const services = await createServices(config, log);
const server = createServer(createNodeListener(services, await loadClientBuild()));
services.mail.start();
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
