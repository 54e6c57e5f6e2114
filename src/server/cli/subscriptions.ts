/**
 * `npm run subscriptions -- --run-due [--as-of YYYY-MM-DD]`: runs the Cookie Club scheduler by hand
 * on the database the server uses (DATABASE_URL; or the embedded one in DATA_DIR, with the server
 * stopped, as the embedded database allows one process at a time). See README "Cookie Club".
 */
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createServices } from '../services';
import { runSubscriptionsCommand } from './subscriptions-command';

async function main(): Promise<number> {
  const config = { ...loadConfig(), seedDemoUsers: false };
  const services = await createServices(config, createLogger({ env: 'production', logLevel: 'warn' }), {
    seedCatalog: false,
  });
  try {
    const { code, message } = await runSubscriptionsCommand(process.argv.slice(2), services.subscriptions);
    (code === 0 ? console.log : console.error)(message);
    // Queued e-mails go out now rather than waiting for the shop's own worker.
    await services.mail.deliverDue().catch(() => {});
    return code;
  } finally {
    await services.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
