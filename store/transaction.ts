/**
 * One write transaction on one connection, the same for both engines: SQLite takes the write
 * lock at BEGIN IMMEDIATE (a deferred transaction that later writes fails at once with
 * SQLITE_BUSY instead of waiting), PostgreSQL a plain BEGIN. Rolled back on any error.
 */
import { sql, type Kysely } from 'kysely';
import type { SiteDatabase, SiteTables } from './schema.ts';

export function writeTransaction<T>(
  { db, engine }: SiteDatabase,
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

/** A LIKE pattern for what the owner typed: `%` and `_` are letters, not wildcards (`escape '\\'`). */
export function likePattern(search: string): string {
  return `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
