import { sql } from 'drizzle-orm';
import { REVENUE_STATUSES } from '~/shared/orders/statuses';
import type { Db, Tx } from '../db/client';
import { rawRows } from '../db/raw-rows';

type Exec = Db | Tx;

/**
 * Tables a backup leaves out: the record of backups itself (a restored shop has not taken the
 * backups of the shop it came from).
 */
export const NOT_BACKED_UP = new Set(['backup_runs']);

/** The shop's tables (schema public), parents before the tables whose foreign keys point at them. */
export async function shopTables(exec: Exec): Promise<string[]> {
  const tables = await rawRows<{ name: string }>(
    exec,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const links = await rawRows<{ child: string; parent: string }>(
    exec,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const names = tables.map((t) => t.name).filter((t) => !NOT_BACKED_UP.has(t));
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of links) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.find(
      (n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (!next) throw new Error('the tables reference each other in a cycle: no order loads them');
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/** Rows per table, all counted in one statement (so in one snapshot). */
export async function countRows(exec: Exec, tables: string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const counts = await rawRows<{ name: string; n: string | number }>(
    exec,
    sql.join(
      tables.map((t) => sql`select ${t}::text as name, count(*) as n from ${sql.identifier(t)}`),
      sql` union all `,
    ),
  );
  return Object.fromEntries(counts.map((r) => [r.name, Number(r.n)]));
}

/** Orders in a revenue status (decision 007) and the sum of their totals, in pence as text. */
export async function paidOrders(exec: Exec): Promise<{ count: number; totalPennies: string }> {
  const statuses = sql.join(
    REVENUE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const paid = await rawRows<{ n: string | number; total: string }>(
    exec,
    sql`select count(*) as n, coalesce(sum(total_pennies), 0)::text as total from orders where status in (${statuses})`,
  );
  return { count: Number(paid[0]!.n), totalPennies: paid[0]!.total };
}

/** True when any of the shop's tables holds a row (a fresh, migrated database holds none). */
export async function holdsData(exec: Exec): Promise<boolean> {
  const tables = await shopTables(exec);
  const counts = await countRows(exec, tables);
  return Object.values(counts).some((n) => n > 0);
}
