import type { Metrics } from '../metrics/metrics';
import type { BackupService } from './backup-service';

/**
 * `shop_backup_age_seconds`: how long ago the newest verified backup finished, read from the
 * database at each scrape (so every instance agrees); +Inf while there is none, so an alert on
 * "older than a day and a half" fires for a shop that never backed up too.
 */
export function watchBackupAge(
  metrics: Metrics,
  backups: Pick<BackupService, 'status'>,
  now = () => Date.now(),
) {
  metrics.gauge({
    name: 'backup_age_seconds',
    help: 'Seconds since the last verified backup finished (+Inf: none yet)',
    aggregator: 'min',
    async collect() {
      try {
        const { lastVerifiedAt } = await backups.status();
        this.set(lastVerifiedAt ? (now() - Date.parse(lastVerifiedAt)) / 1000 : Number.POSITIVE_INFINITY);
      } catch {
        // The database is down: /api/ready and the connection gauges say so; the scrape still answers.
      }
    },
  });
}
