import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/**
 * A backup is one gzip file of lines (docs/decisions/027):
 * - line 1, the manifest (JSON): format, when, where from, schema version, rows per table, paid orders;
 * - for each table, in an order that loads parents before children: `@table <name>`, then one line
 *   per row, the row as PostgreSQL's own `row_to_json` wrote it;
 * - last, `@end {"rows":N,"sha256":"..."}`: the SHA-256 of every line before it (newlines
 *   included). A file without a good `@end` line is incomplete or damaged.
 */
export const BACKUP_FORMAT = 'shropshire-cookie-shop-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const TABLE_MARK = '@table ';
export const END_MARK = '@end ';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The database it was taken from. */
  source: 'pglite' | 'postgres';
  /** The last migration applied to that database (its tag and the `when` drizzle records). */
  schema: { migration: string; when: number };
  /** Rows per table, counted in the same snapshot as the rows written. */
  tables: Record<string, number>;
  /** Orders in a revenue status and the sum of their totals (pence, as text: it may pass 2^53). */
  paidOrders: { count: number; totalPennies: string };
}

export interface Trailer {
  rows: number;
  sha256: string;
}

/** `shop-20261125-030000.jsonl.gz` (UTC), so names sort by age. */
export function backupFileName(at: Date, suffix = ''): string {
  const iso = at.toISOString(); // 2026-11-25T03:00:00.000Z
  const stamp = `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
  return `shop-${stamp}${suffix}.jsonl.gz`;
}

export const BACKUP_FILE_PATTERN = /^shop-\d{8}-\d{6}(-\d+)?\.jsonl\.gz$/;

export class BackupDamaged extends Error {
  constructor(file: string, why: string) {
    super(`The backup ${file} cannot be used: ${why}`);
    this.name = 'BackupDamaged';
  }
}

export type BackupLine =
  | { kind: 'manifest'; manifest: Manifest; raw: string }
  | { kind: 'table'; table: string }
  | { kind: 'row'; json: string }
  | { kind: 'end'; trailer: Trailer };

/** The file's lines, parsed as far as their kind (rows stay the JSON text PostgreSQL wrote). */
export async function* readBackupLines(file: string): AsyncGenerator<BackupLine> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let first = true;
  try {
    for await (const line of lines) {
      if (first) {
        first = false;
        yield { kind: 'manifest', manifest: parseManifest(file, line), raw: line };
      } else if (line.startsWith(TABLE_MARK)) yield { kind: 'table', table: line.slice(TABLE_MARK.length) };
      else if (line.startsWith(END_MARK))
        yield { kind: 'end', trailer: JSON.parse(line.slice(END_MARK.length)) };
      else yield { kind: 'row', json: line };
    }
  } catch (err) {
    if (err instanceof BackupDamaged) throw err;
    throw new BackupDamaged(file, `it cannot be read (${(err as Error).message})`);
  } finally {
    input.destroy();
  }
}

function parseManifest(file: string, line: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(line);
  } catch {
    throw new BackupDamaged(file, 'it does not start with a manifest');
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupDamaged(file, 'it is not a backup of this shop');
  if (manifest.version !== BACKUP_FORMAT_VERSION)
    throw new BackupDamaged(file, `its format version ${manifest.version} is not one this release reads`);
  const { tables } = manifest;
  if (
    typeof tables !== 'object' ||
    tables === null ||
    Array.isArray(tables) ||
    !Object.values(tables).every((n) => Number.isSafeInteger(n) && n >= 0)
  )
    throw new BackupDamaged(file, 'its manifest does not say how many rows each table holds');
  return manifest;
}

/**
 * A table's or column's name as PostgreSQL and drizzle write ours: a plain identifier. Anything
 * else (quotes, spaces, SQL) cannot be one of the shop's, and is refused before any SQL is built.
 */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** What a file names: every table (the manifest's and its `@table` lines) and the columns its rows use. */
export type NamesInBackup = Map<string, Set<string>>;

/**
 * Reads the whole file and checks it against its own `@end` line and manifest: the checksum, the
 * number of rows, and the rows of each table. Returns the manifest; throws BackupDamaged otherwise.
 */
export async function checkBackupFile(file: string): Promise<Manifest> {
  return (await inspectBackupFile(file)).manifest;
}

/**
 * `checkBackupFile`, and the names the file uses (its tables, its rows' columns), each a plain
 * identifier: a restore checks them against the shop's own tables before it builds SQL with them.
 */
export async function inspectBackupFile(file: string): Promise<{ manifest: Manifest; names: NamesInBackup }> {
  const hash = createHash('sha256');
  let manifest: Manifest | null = null;
  let trailer: Trailer | null = null;
  let table: string | null = null;
  const rowsPerTable: Record<string, number> = {};
  const names: NamesInBackup = new Map();
  const named = (name: string) => {
    if (!PLAIN_NAME.test(name))
      throw new BackupDamaged(
        file,
        `it names a table ${JSON.stringify(name)}, which is no table of the shop`,
      );
    if (!names.has(name)) names.set(name, new Set());
    return names.get(name)!;
  };
  let columns: Set<string> | null = null;
  let rows = 0;
  for await (const line of readBackupLines(file)) {
    if (trailer) throw new BackupDamaged(file, 'there is more after its end line');
    switch (line.kind) {
      case 'manifest':
        manifest = line.manifest;
        for (const name of Object.keys(manifest.tables)) named(name);
        hash.update(`${line.raw}\n`);
        break;
      case 'table':
        table = line.table;
        columns = named(table);
        rowsPerTable[table] = 0;
        hash.update(`${TABLE_MARK}${table}\n`);
        break;
      case 'row':
        if (!table || !columns) throw new BackupDamaged(file, 'a row comes before any table');
        rowsPerTable[table]! += 1;
        rows += 1;
        hash.update(`${line.json}\n`);
        noteColumns(file, table, line.json, columns);
        break;
      case 'end':
        trailer = line.trailer;
        break;
    }
  }
  if (!manifest) throw new BackupDamaged(file, 'it is empty');
  if (!trailer) throw new BackupDamaged(file, 'it is incomplete (no end line)');
  if (trailer.sha256 !== hash.digest('hex'))
    throw new BackupDamaged(file, 'its checksum does not match its content');
  if (trailer.rows !== rows)
    throw new BackupDamaged(file, `it holds ${rows} rows, its end line says ${trailer.rows}`);
  for (const [name, count] of Object.entries(manifest.tables)) {
    if ((rowsPerTable[name] ?? 0) !== count)
      throw new BackupDamaged(
        file,
        `table ${name} holds ${rowsPerTable[name] ?? 0} rows, its manifest says ${count}`,
      );
  }
  return { manifest, names };
}

/** Adds the columns a row names to its table's; a line that is not a row, or a column that cannot be one, is refused. */
function noteColumns(file: string, table: string, json: string, columns: Set<string>) {
  let row: unknown;
  try {
    row = JSON.parse(json);
  } catch {
    throw new BackupDamaged(file, `a line of table ${table} is not a row`);
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    throw new BackupDamaged(file, `a line of table ${table} is not a row`);
  for (const column in row) {
    if (columns.has(column)) continue;
    if (!PLAIN_NAME.test(column))
      throw new BackupDamaged(
        file,
        `a row of table ${table} names a column ${JSON.stringify(column)}, which is no column of the shop`,
      );
    columns.add(column);
  }
}
