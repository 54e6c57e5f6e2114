/** `npm run backup`: a verified backup of the configured database into BACKUP_DIR (src/server/backup/backup-commands.ts, docs/backups.md). */
import { runBackupCommand } from '../backup/backup-commands';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { runCommand } from './run-command';

const config = loadConfig();
const log = createLogger({ env: 'production', logLevel: 'warn' });

runCommand(() => runBackupCommand(config, log));
