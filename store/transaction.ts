/**
 * One write transaction on one connection, the same for SQLite and PostgreSQL. SQLite takes the
 * write lock at BEGIN (`begin immediate`): a deferred transaction that reads first and writes
 * later fails at once with SQLITE_BUSY instead of waiting `busy_timeout`.
 */
import { sql, type Kysely } from 'kysely';
import type { SiteDatabase, SiteTables } from './schema.ts';

export function writeTransaction<T>(
  { db, engine }: Pick<SiteDatabase, 'db' | 'engine'>,
  work: (tx: Kysely<SiteTables>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (tx) => {
    await sql.raw(engine === 'sqlite' ? 'begin immediate' : 'begin').execute(tx);
    try {
      const result = await work(tx);
      await sql`commit`.execute(tx);
      return result;
    } catch (error) {
      await sql`rollback`.execute(tx).catch(() => undefined);
      throw error;
    }
  });
}
