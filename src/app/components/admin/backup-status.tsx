import { CircleAlert, CircleCheck } from 'lucide-react';
import { SHOP_TIME_ZONE } from '~/shared/time/london-time';

/** The backup status as the server reports it (src/server/backup/backup-service.ts). */
export interface BackupStatusView {
  last: { at: string; verified: boolean; error: string | null } | null;
  lastVerifiedAt: string | null;
}

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const formatWhen = (iso: string) => when.format(new Date(iso));

/**
 * "Last backup: 25 Nov 2026, 03:00, verified", or the failure in red with the last good one,
 * so the owner sees at once whether the shop's data could be brought back (docs/decisions/027).
 */
export function BackupStatusLine({ status }: { status: BackupStatusView | null }) {
  if (!status) return <p className="text-cocoa-light">The backup status could not be loaded.</p>;
  const { last, lastVerifiedAt } = status;
  if (!last) return <p className="text-cocoa-light">No backup yet.</p>;
  if (last.verified) {
    return (
      <p className="flex items-center gap-2">
        <CircleCheck aria-hidden className="size-4 shrink-0 text-green-700" />
        <span>
          Last backup: <span className="font-semibold">{formatWhen(last.at)}</span>, verified
        </span>
      </p>
    );
  }
  return (
    <div role="alert" className="flex items-start gap-2 text-red-700">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 break-words">
        <span className="font-semibold">Last backup failed</span> ({formatWhen(last.at)}): {last.error}.{' '}
        {lastVerifiedAt
          ? `Last verified backup: ${formatWhen(lastVerifiedAt)}.`
          : 'No backup has been verified yet.'}
      </p>
    </div>
  );
}
