/**
 * What went wrong with the site's database, from the error a query threw: what the 503 page
 * names (server/error-document.ts). Anything else is a bug, and stays a 500.
 * By PostgreSQL's SQLSTATE (its manual's appendix "Error Codes"), SQLite's result codes
 * (sqlite.org, "Result and Error Codes") and pg's own messages for a lost connection.
 */
export type DatabaseFailure =
  /** Not reachable, restarting, or the connection was lost. */
  | 'unreachable'
  /** It answered too slowly (a time-out), or another writer held it too long. */
  | 'slow'
  /** The disk the database writes to is full. */
  | 'full';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // connection_exception, admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
]);
// query_canceled (statement_timeout), lock_not_available; SQLite's busy writer.
const SLOW_CODES = new Set(['57014', '55P03', 'SQLITE_BUSY', 'SQLITE_LOCKED']);
// disk_full, out_of_memory on the server; SQLite's full disk.
const FULL_CODES = new Set(['53100', '53200', 'SQLITE_FULL']);

/** pg's own messages for a connection that never came or went away, and its client time-out. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|not queryable/i;
const SLOW_MESSAGE = /Query read timeout|database is locked/i;
const FULL_MESSAGE = /database or disk is full|No space left on device/i;

function codeOf(error: object): string | undefined {
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? code : undefined;
}

/** The database failure behind `error` (its causes included), or undefined for anything else. */
export function databaseFailure(error: unknown, depth = 0): DatabaseFailure | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const code = codeOf(error);
  // SQLite's extended codes (SQLITE_IOERR_WRITE…) name their family first.
  const family = code?.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1');
  const message = error instanceof Error ? error.message : '';
  if ((family && FULL_CODES.has(family)) || FULL_MESSAGE.test(message)) return 'full';
  if ((family && SLOW_CODES.has(family)) || SLOW_MESSAGE.test(message)) return 'slow';
  if ((family && UNREACHABLE_CODES.has(family)) || UNREACHABLE_MESSAGE.test(message))
    return 'unreachable';
  const cause: unknown = Reflect.get(error, 'cause');
  return databaseFailure(cause, depth + 1);
}
