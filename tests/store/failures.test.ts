/** Which errors are the database's failures (the 503 page) and which are bugs (a 500). */
import { describe, expect, it } from 'vitest';
import { databaseFailure } from '../../store/failures.ts';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('databaseFailure', () => {
  it("names PostgreSQL's and the network's failures, SQLite's full disk and busy writer", () => {
    expect(databaseFailure(coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      'unreachable',
    );
    expect(databaseFailure(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(databaseFailure(new Error('timeout exceeded when trying to connect'))).toBe(
      'unreachable',
    );
    expect(
      databaseFailure(coded('terminating connection due to administrator command', '57P01')),
    ).toBe('unreachable');
    expect(databaseFailure(coded('canceling statement due to statement timeout', '57014'))).toBe(
      'slow',
    );
    expect(databaseFailure(new Error('Query read timeout'))).toBe('slow');
    expect(databaseFailure(coded('database or disk is full', 'SQLITE_FULL'))).toBe('full');
    expect(databaseFailure(coded('disk I/O error', 'SQLITE_IOERR_WRITE'))).toBe('unreachable');
    expect(databaseFailure(coded('database is locked', 'SQLITE_BUSY'))).toBe('slow');
  });

  it('looks through causes; a bug, a constraint or a non-error is none of them', () => {
    const wrapped = new Error('the booking could not be stored', {
      cause: coded('database or disk is full', 'SQLITE_FULL'),
    });
    expect(databaseFailure(wrapped)).toBe('full');
    expect(
      databaseFailure(new TypeError("Cannot read properties of undefined (reading 'x')")),
    ).toBe(undefined);
    expect(databaseFailure(coded('duplicate key value violates unique constraint', '23505'))).toBe(
      undefined,
    );
    expect(databaseFailure('Connection terminated')).toBe(undefined);
    expect(databaseFailure(null)).toBe(undefined);
  });
});
