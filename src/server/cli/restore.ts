/** `npm run restore`: restores a backup into an empty DATA_DIR or DATABASE_URL database (`--replace`: over one holding data) (src/server/backup/backup-commands.ts, docs/backups.md). */
import { runRestoreCommand } from '../backup/backup-commands';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { runCommand } from './run-command';

const config = loadConfig();
const log = createLogger({ env: 'production', logLevel: 'warn' });

runCommand(() => runRestoreCommand(config, process.argv.slice(2), log));
