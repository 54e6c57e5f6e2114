import { describe, expect, it } from 'vitest';
import { isConnectionLost } from './connection-lost';

/** An error as the pg driver reports PostgreSQL's: its SQLSTATE and severity, wrapped by drizzle. */
const fromPostgres = (code: string, severity: string, message: string) =>
  new Error('Failed query: select 1', { cause: Object.assign(new Error(message), { code, severity }) });

describe('telling a database outage from a refused query', () => {
  it('counts a new connection the server refuses (FATAL) as the database being unavailable', () => {
    expect(
      isConnectionLost(
        fromPostgres('55000', 'FATAL', 'database "shop" is not currently accepting connections'),
      ),
    ).toBe(true);
    expect(isConnectionLost(fromPostgres('3D000', 'FATAL', 'database "shop" does not exist'))).toBe(true);
  });

  it('keeps a query refused on a live connection (ERROR) a fault of ours', () => {
    expect(isConnectionLost(fromPostgres('55000', 'ERROR', 'a backup is not in progress'))).toBe(false);
    expect(isConnectionLost(fromPostgres('23505', 'ERROR', 'duplicate key value'))).toBe(false);
  });
});
