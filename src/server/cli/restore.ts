/** `npm run restore`: restores a backup into an empty DATA_DIR or DATABASE_URL database (`--replace`: over one holding data) (src/server/backup/backup-commands.ts, README "Backups"). */
import { runRestoreCommand } from '../backup/backup-commands';
import { loadConfig } from '../config';
import { createLogger } from '../logger';

const config = loadConfig();
const log = createLogger({ env: 'production', logLevel: 'warn' });

runRestoreCommand(config, process.argv.slice(2), log).then(
  ({ code, message }) => {
    (code === 0 ? console.log : console.error)(message);
    process.exit(code);
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
