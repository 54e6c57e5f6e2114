import { sql } from 'drizzle-orm';
import { moveCatalogVersionPast, storedCatalogVersion } from '../db/catalog-version';
import type { Db, Tx } from '../db/client';
import { type Migration, migrate } from '../db/migrate';
import { rawRows } from '../db/raw-rows';
import {
  BackupDamaged,
  inspectBackupFile,
  type Manifest,
  type NamesInBackup,
  readBackupLines,
} from './backup-file';
import { countRows, holdsData, paidOrders, shopTables } from './shop-tables';

/** Rows sent to the database per INSERT: one JSON parameter of a few MB at most. */
const ROWS_PER_INSERT = 1000;

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreOptions {
  /** Restore over a database that holds data (the caller backs it up first). */
  replace?: boolean;
  /** Stop at the backup's own schema version (verifying a backup); otherwise this release's migrations follow. */
  atBackupSchema?: boolean;
}

/**
 * Restores `file` into `db` (docs/decisions/027), in one transaction, so a restore that fails
 * leaves the database as it was:
 * 1. the file is checked whole first (checksum, rows per table, every name it uses a plain
 *    identifier), before anything is touched;
 * 2. whatever the database holds is dropped (allowed only when it holds no data, or `replace`);
 * 3. the migrations are applied up to the backup's schema version, the rows loaded table by table
 *    (once every table and column the file names is found among the shop's own at that version:
 *    no name from the file reaches SQL before) with the tables' own triggers off (the dashboard's sales tables are restored as they were,
 *    not counted twice), sequences moved past the highest restored value;
 * 4. the rows are counted against the manifest (RestoreMismatch if they differ: nothing is kept);
 * 5. the remaining migrations of this release are applied, as on an upgrade, and the catalogue
 *    version moved past both databases' (running instances drop what they kept).
 */
export async function restoreBackup(
  db: Db,
  file: string,
  migrations: Migration[],
  options: RestoreOptions = {},
): Promise<Manifest> {
  const { manifest, names } = await inspectBackupFile(file);
  const known = migrations.find((m) => m.when === manifest.schema.when);
  if (!known) {
    throw new RestoreRefused(
      `The backup ${file} was taken at schema version ${manifest.schema.migration}, which this release does not ` +
        'have: restore it with the release it came from (or a newer one).',
    );
  }
  if (!options.replace && (await tablesExist(db)) && (await holdsData(db))) {
    throw new RestoreRefused(
      'The database holds data: restoring would replace it. Run the restore with --replace (it backs up what is there first).',
    );
  }
  await db.transaction(async (tx) => {
    const versionBefore = await storedCatalogVersion(tx);
    await dropEverything(tx);
    await migrate(db, migrations, { upTo: manifest.schema.when, inTransaction: tx });
    const tables = await shopTables(tx);
    await refuseNamesNotTheShops(tx, file, names, manifest.schema.migration);
    for (const t of tables) await tx.execute(sql.raw(`alter table "${t}" disable trigger user`));
    await loadRows(tx, file, new Set(tables));
    for (const t of tables) await tx.execute(sql.raw(`alter table "${t}" enable trigger user`));
    await moveSequencesPastRows(tx);
    // Counted before later migrations run: they may rightly change what there is.
    await compareWithManifest(tx, file, manifest);
    if (!options.atBackupSchema) {
      await migrate(db, migrations, { inTransaction: tx });
      // Instances still running on this PostgreSQL database keep the settings, zones and catalogue
      // against the version: the restored one may equal what they kept, so move past both.
      await moveCatalogVersionPast(tx, versionBefore ?? 0);
    }
  });
  return manifest;
}

export class RestoreMismatch extends Error {
  constructor(file: string, why: string) {
    super(`The backup ${file} did not restore as it was taken: ${why}`);
    this.name = 'RestoreMismatch';
  }
}

/** The restored rows per table and paid orders, against what the manifest says was backed up. */
export async function compareWithManifest(db: Db | Tx, file: string, manifest: Manifest) {
  const counts = await countRows(db, Object.keys(manifest.tables));
  for (const [table, expected] of Object.entries(manifest.tables)) {
    if (counts[table] !== expected)
      throw new RestoreMismatch(file, `${table} has ${counts[table]} rows, the backup ${expected}`);
  }
  const paid = await paidOrders(db);
  if (paid.count !== manifest.paidOrders.count || paid.totalPennies !== manifest.paidOrders.totalPennies) {
    throw new RestoreMismatch(
      file,
      `paid orders ${paid.count} totalling ${paid.totalPennies}p, the backup ${manifest.paidOrders.count} totalling ${manifest.paidOrders.totalPennies}p`,
    );
  }
}

/**
 * Every table and column the file names must be one of the shop's own at the backup's schema
 * version (read from the database the migrations just built, not from the file): otherwise the
 * file was not written by this shop, and nothing of it is loaded.
 */
async function refuseNamesNotTheShops(tx: Tx, file: string, names: NamesInBackup, migration: string) {
  const backedUp = new Set(await shopTables(tx));
  const found = await rawRows<{ tbl: string; col: string }>(
    tx,
    sql`select c.relname as tbl, a.attname as col from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
  );
  const columnsOf = new Map<string, Set<string>>();
  for (const { tbl, col } of found) {
    if (!columnsOf.has(tbl)) columnsOf.set(tbl, new Set());
    columnsOf.get(tbl)!.add(col);
  }
  for (const [table, columns] of names) {
    if (!backedUp.has(table))
      throw new BackupDamaged(
        file,
        `it names a table ${table}, which is not one of the shop's at schema version ${migration}: nothing was restored`,
      );
    const own = columnsOf.get(table)!;
    const stranger = [...columns].find((c) => !own.has(c));
    if (stranger !== undefined)
      throw new BackupDamaged(
        file,
        `its table ${table} has a column ${stranger}, which is not one of the shop's at schema version ${migration}: nothing was restored`,
      );
  }
}

async function tablesExist(db: Db): Promise<boolean> {
  const found = await rawRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  return Number(found[0]!.n) > 0;
}

/** The shop's tables, functions (the sales triggers') and drizzle's record of migrations. */
async function dropEverything(tx: Tx) {
  const tables = await rawRows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  for (const { name } of tables) await tx.execute(sql.raw(`drop table if exists "${name}" cascade`));
  const functions = await rawRows<{ signature: string }>(
    tx,
    sql`select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'`,
  );
  for (const { signature } of functions)
    await tx.execute(sql.raw(`drop function if exists ${signature} cascade`));
  await tx.execute(sql`drop schema if exists drizzle cascade`);
}

/** Loads the file's rows in its order (parents first), a batch per INSERT, by the target's own column types. */
async function loadRows(tx: Tx, file: string, tables: Set<string>) {
  let table: string | null = null;
  let columns = sql``;
  let batch: string[] = [];
  const flush = async () => {
    if (!table || batch.length === 0) return;
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::json)`,
    );
    batch = [];
  };
  for await (const line of readBackupLines(file)) {
    if (line.kind === 'table') {
      await flush();
      if (!tables.has(line.table))
        throw new BackupDamaged(file, `its table ${line.table} is not in its schema version`);
      table = line.table;
      columns = await insertableColumns(tx, table);
    } else if (line.kind === 'row') {
      batch.push(line.json);
      if (batch.length >= ROWS_PER_INSERT) await flush();
    }
  }
  await flush();
}

async function insertableColumns(tx: Tx, table: string) {
  const cols = await rawRows<{ name: string }>(
    tx,
    sql`select attname as name from pg_attribute where attrelid = ${`"${table}"`}::regclass
        and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
  );
  return sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
}

/** Every sequence owned by a column (serial, identity) continues after the highest restored value. */
async function moveSequencesPastRows(tx: Tx) {
  const owned = await rawRows<{ seq: string; tbl: string; col: string }>(
    tx,
    sql`select s.oid::regclass::text as seq, t.relname as tbl, a.attname as col
        from pg_class s join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        join pg_namespace n on n.oid = s.relnamespace
        where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { seq, tbl, col } of owned) {
    await tx.execute(
      sql.raw(`select setval('${seq}', coalesce((select max("${col}") from "${tbl}"), 0) + 1, false)`),
    );
  }
}
