/**
 * Versioned schema changes, applied in order at start by whichever process opens the
 * store first (Kysely's migrator takes a lock, so two instances starting together apply
 * each once). Never edit a migration that has shipped: add the next one.
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '2026-11-22-01-messages': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sqlIn('status', ['pending', 'sent', 'failed'])),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('contact_messages_due')
        .on('contact_messages')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('contact_messages_email')
        .on('contact_messages')
        .column('email')
        .execute();
      await db.schema
        .createIndex('contact_messages_received')
        .on('contact_messages')
        .column('received_at')
        .execute();
    },
  },
  '2026-11-22-02-rate-limits': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '2026-11-25-20-catalogues': {
    async up(db: Kysely<unknown>) {
      // Published catalogues (with DATABASE_URL the live one is the highest seq). seq is the
      // primary key and each publish inserts the latest seq + 1: two publishes from the same
      // base collide on it, so only one wins (the compare-and-set of docs/decisions/
      // 2026-11-25-catalogue-store.md).
      await db.schema
        .createTable('catalogues')
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('published_by', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) =>
          c.notNull().check(sqlIn('source', ['panel', 'cli', 'restore', 'initial'])),
        )
        .addColumn('file_name', 'text')
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('restored_from', 'integer')
        .execute();
      // A previewed sheet waits here for "Publicar" (any instance may get the POST).
      await db.schema
        .createTable('catalogue_drafts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('base_hash', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
