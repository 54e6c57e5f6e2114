/** `npm run backup`: a verified backup of the configured database into BACKUP_DIR (src/server/backup/backup-commands.ts, README "Backups"). */
import { runBackupCommand } from '../backup/backup-commands';
import { loadConfig } from '../config';
import { createLogger } from '../logger';

const config = loadConfig();
const log = createLogger({ env: 'production', logLevel: 'warn' });

runBackupCommand(config, log).then(
  ({ code, message }) => {
    (code === 0 ? console.log : console.error)(message);
    process.exit(code);
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
