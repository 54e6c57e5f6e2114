/**
 * `npm run admin -- grant <email>` / `revoke <email>` / `reset-2fa <email>`: gives or takes the
 * admin role, or takes a second factor away (a lost owner's phone), on the
 * database the server uses (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first,
 * as the embedded database allows one process at a time).
 */
import { createAccountService } from '../account/account-service';
import { createAuth } from '../auth/auth';
import { resetSecondFactorOf } from '../auth/second-factor';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createLogger } from '../logger';
import { runAdminCommand } from './admin-command';
import { type CommandOutcome, runCommand } from './run-command';

async function main(): Promise<CommandOutcome> {
  const config = loadConfig();
  const log = createLogger({ env: 'production', logLevel: 'warn' });
  const database = await openDatabase(config.database);
  try {
    const accounts = createAccountService(createAuth(config, database.db, log), database.db, log);
    return await runAdminCommand(process.argv.slice(2), accounts, (email) =>
      resetSecondFactorOf(database.db, email),
    );
  } finally {
    await database.close();
  }
}

runCommand(main);
