import type { ActivityEntry } from '~/server/activity/activity-reads';
import { STAFF_ROLE_LABELS, type StaffRole } from '~/shared/staff/back-office-access';
import { formatDateTime } from '~/shared/time/london-time';
import { Card } from '../ui/card';

/** A change's fields as "field: value" text. */
export const activityFields = (values: Record<string, unknown> | null) =>
  values
    ? Object.entries(values)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join(', ')
    : '';

/** One record's own entries of the activity log (an order's page): who did what, and when. */
export function RecordActivity({ entries, noun }: { entries: ActivityEntry[]; noun: string }) {
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-sans text-lg font-semibold">Activity</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-cocoa-light">Nobody in the back office has changed this {noun} yet.</p>
      ) : (
        <ul className="space-y-3">
          {entries.map((e) => (
            <li key={e.id} className="text-sm">
              <p className="font-medium">{e.kind}</p>
              <p className="text-cocoa-light">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {e.actor.name} (
                {STAFF_ROLE_LABELS[e.actor.role as StaffRole] ?? e.actor.role})
              </p>
              {e.before && <p className="break-words">Before: {activityFields(e.before)}</p>}
              {e.after && <p className="break-words">After: {activityFields(e.after)}</p>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
