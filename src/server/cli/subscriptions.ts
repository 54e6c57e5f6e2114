/**
 * `npm run subscriptions -- --run-due [--as-of YYYY-MM-DD]`: runs the Cookie Club scheduler by hand
 * on the database the server uses (DATABASE_URL; or the embedded one in DATA_DIR, with the server
 * stopped, as the embedded database allows one process at a time). See docs/cookie-club.md.
 */
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createServices } from '../services';
import { type CommandOutcome, runCommand } from './run-command';
import { runSubscriptionsCommand } from './subscriptions-command';

async function main(): Promise<CommandOutcome> {
  const config = { ...loadConfig(), seedDemoUsers: false };
  const services = await createServices(config, createLogger({ env: 'production', logLevel: 'warn' }), {
    seedCatalog: false,
  });
  try {
    const result = await runSubscriptionsCommand(process.argv.slice(2), services.subscriptions);
    // Queued e-mails go out now rather than waiting for the shop's own worker, which sends any
    // left (the outbox keeps them): a failure here is said, and the command's answer stands.
    await services.mail.deliverDue().catch((err: unknown) => {
      console.error(
        `E-mails not sent now (the shop sends them later): ${err instanceof Error ? err.message : err}`,
      );
    });
    return result;
  } finally {
    await services.close();
  }
}

runCommand(main);
