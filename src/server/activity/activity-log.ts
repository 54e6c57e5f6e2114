import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { StaffRole } from '~/shared/staff/back-office-access';
import type { Tx } from '../db/db-types';
import { activityLog } from '../db/schema';

/** Who of the back office is making this request's changes, and from which address. */
interface RequestScope {
  ip: string | null;
  actor: { id: string; name: string; role: StaffRole } | null;
}

/**
 * Each request's scope. The back office's guards name the actor once they have let them in, and
 * every service change made while answering records itself against them: the services need no
 * actor argument of their own, and a change made for a customer, a webhook or the CLI (no
 * back-office actor) writes no entry.
 */
const scopes = new AsyncLocalStorage<RequestScope>();

/** Opens the request's scope (outermost, before any guard), with its client address. */
export const activityScope = (ipOf: (c: Context) => string) =>
  createMiddleware((c, next) => scopes.run({ ip: ipOf(c), actor: null }, next));

/** The back office's guards: this person, in this role, makes the request's changes. */
export function actingAs(user: { id: string; name: string; staffRole?: StaffRole | null }): void {
  const scope = scopes.getStore();
  if (scope && user.staffRole) scope.actor = { id: user.id, name: user.name, role: user.staffRole };
}

/** One change: what (`kind`, e.g. `order.status`), to which record, and its fields before and after. */
export interface ActivityChange {
  kind: string;
  record: readonly [type: string, id: string];
  before?: object | null;
  after?: object | null;
}

/**
 * Writes the entry of a back-office change in the change's own transaction (`tx`), so the change
 * and its entry commit or roll back together. Outside a back-office request it writes nothing.
 * The fields must never copy a customer's name or contact details (docs/rules/activity-log.md).
 */
export async function recordActivity(tx: Tx, change: ActivityChange): Promise<void> {
  const scope = scopes.getStore();
  if (!scope?.actor) return;
  const { id, name, role } = scope.actor;
  await tx.insert(activityLog).values({
    actorId: id,
    actorName: name,
    actorRole: role,
    ip: scope.ip,
    kind: change.kind,
    recordType: change.record[0],
    recordId: change.record[1],
    before: (change.before ?? null) as Record<string, unknown> | null,
    after: (change.after ?? null) as Record<string, unknown> | null,
  });
}

/**
 * The entry of a change the machine makes to the whole shop (a backup, a restore) rather than a
 * person in the back office: `by` says what made it (the schedule, a command), its role `system`.
 */
export async function recordMachineActivity(tx: Tx, by: string, change: ActivityChange): Promise<void> {
  await tx.insert(activityLog).values({
    actorId: 'system',
    actorName: by,
    actorRole: 'system',
    ip: null,
    kind: change.kind,
    recordType: change.record[0],
    recordId: change.record[1],
    before: (change.before ?? null) as Record<string, unknown> | null,
    after: (change.after ?? null) as Record<string, unknown> | null,
  });
}

/** `recordActivity` for a change made outside a transaction of its own (an export, a read). */
export const recordActivityNow = (
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> },
  change: ActivityChange,
) => db.transaction((tx) => recordActivity(tx, change));

/** `row`'s values of the fields `after` changes: the "before" of an edit that sets only some. */
export const fieldsBefore = (row: object, after: object): Record<string, unknown> =>
  Object.fromEntries(Object.keys(after).map((k) => [k, (row as Record<string, unknown>)[k]]));
