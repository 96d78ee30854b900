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
  '2026-11-25-10-panel': {
    async up(db: Kysely<unknown>) {
      // The owner's panel (docs/decisions/2026-11-25-panel.md): people, their passkeys,
      // sessions and one-time links (both stored as SHA-256 hashes), WebAuthn challenges,
      // sign-in throttling and the activity log; and the inbox's read/answered marks.
      await db.schema
        .createTable('panel_people')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('panel_passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) =>
          c.notNull().references('panel_people.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'integer', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createIndex('panel_passkeys_person')
        .on('panel_passkeys')
        .column('person_id')
        .execute();
      await db.schema
        .createTable('panel_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) =>
          c.notNull().references('panel_people.id').onDelete('cascade'),
        )
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('panel_sessions_person')
        .on('panel_sessions')
        .column('person_id')
        .execute();
      await db.schema
        .createTable('panel_tokens')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', ['invite', 'sign-in'])))
        .addColumn('person_id', 'text', (c) =>
          c.notNull().references('panel_people.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('panel_challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('panel_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failure_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('panel_activity')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('panel_activity_at').on('panel_activity').column('at').execute();
      await db.schema.alterTable('contact_messages').addColumn('read_at', 'text').execute();
      await db.schema.alterTable('contact_messages').addColumn('answered_at', 'text').execute();
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
  '2026-11-25-30-bookings': {
    async up(db: Kysely<unknown>) {
      // The outbox carries bookings for the owner too (server/contact/delivery-worker.ts).
      await db.schema
        .alterTable('contact_messages')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('contact'))
        .execute();
      // The counter that makes overbooking impossible: taken only grows by a conditional
      // UPDATE (store/bookings.ts), and the database refuses taken > places whatever the code.
      await db.schema
        .createTable('booking_slots')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('places', 'integer', (c) => c.notNull())
        .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('booking_slots_pk', ['day', 'slot', 'place'])
        .addCheckConstraint('booking_slots_capacity', sql`taken >= 0 and taken <= places`)
        .execute();
      await db.schema
        .createTable('bookings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('form_token', 'text', (c) => c.notNull().unique())
        .addColumn('manage_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sqlIn('status', ['pendiente', 'confirmado', 'hecho', 'cancelado'])),
        )
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('locality', 'text')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('glass', 'text')
        .addColumn('availability', 'text')
        .addColumn('awaits_glass', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('plate', 'text')
        .addColumn('notes', 'text')
        .execute();
      await db.schema.createIndex('bookings_day').on('bookings').columns(['day', 'slot']).execute();
      await db.schema
        .createTable('booking_day_places')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('places', 'integer', (c) => c.notNull().check(sql`places >= 0`))
        .addPrimaryKeyConstraint('booking_day_places_pk', ['day', 'place'])
        .execute();
      await db.schema
        .createTable('booking_closures')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('booking_closures_pk', ['day', 'slot'])
        .execute();
      await db.schema
        .createTable('booking_feed')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Demand figures (docs/decisions/2026-11-25-demand-counts.md): per day, what was counted
  // and how many times; nothing about who.
  '2026-11-25-40-counts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('demand_counts')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('demand_counts_pk', ['day', 'kind', 'key'])
        .execute();
    },
  },
  // The shop's facts as the owner publishes them (docs/decisions/2026-11-28-shop-facts.md): one
  // row per version, the live one the highest seq. Like the catalogues, a publish inserts the
  // seq after the one it previewed: two publishes from the same version collide on the primary
  // key and only one wins. The body is the owner's document (JSON); every version is kept.
  '2026-11-28-10-facts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shop_facts')
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('published_by', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) =>
          c.notNull().check(sqlIn('source', ['panel', 'cli', 'restore'])),
        )
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('restored_from', 'integer')
        .execute();
    },
  },
  // Reviews of finished jobs (docs/decisions/2026-11-28-reviews.md). A booking names its car
  // as the catalogue does, so a review of the job can show on that car's product page.
  '2026-11-28-20-reviews': {
    async up(db: Kysely<unknown>) {
      for (const column of ['car', 'brand_slug', 'model_slug']) {
        await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
      }
      await db.schema
        .createTable('reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // One review per booking; null once the booking is purged (many nulls are allowed).
        .addColumn('booking_id', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sqlIn('status', ['nueva', 'publicada', 'oculta'])),
        )
        .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars between 1 and 5`))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('car', 'text')
        .addColumn('piece', 'text')
        .addColumn('brand_slug', 'text')
        .addColumn('model_slug', 'text')
        .addColumn('job_month', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text')
        .addColumn('hidden_reason', 'text', (c) =>
          c.check(
            sql`hidden_reason is null or ${sqlIn('hidden_reason', ['insultos', 'datos-personales', 'no-habla-del-trabajo'])}`,
          ),
        )
        .addColumn('answer', 'text')
        .addColumn('answered_at', 'text')
        // Not published: with a reason; otherwise none.
        .addCheckConstraint(
          'reviews_hidden_reason',
          sql`(status = 'oculta') = (hidden_reason is not null)`,
        )
        .execute();
      await db.schema
        .createIndex('reviews_public')
        .on('reviews')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('reviews_product')
        .on('reviews')
        .columns(['piece', 'brand_slug', 'model_slug'])
        .execute();
      await db.schema
        .createTable('review_links')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('booking_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('review_links_booking')
        .on('review_links')
        .column('booking_id')
        .execute();
      await db.schema
        .createTable('review_state')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into review_state (id, version) values ('reviews', 0)`.execute(db);
    },
  },
  // Insurance quotes (docs/decisions/2026-11-28-insurance-quotes.md): numbered per year by a
  // counter row taken in the same transaction as the insert (store/quotes.ts), so numbers are
  // consecutive and never reused, whatever the engine or the number of instances; the quote's
  // content is frozen in `body` (JSON) at issue. A booking made from a quote keeps its number.
  '2026-11-28-30-quotes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('quote_counters')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull().check(sql`last >= 0`))
        .execute();
      await db.schema
        .createTable('quotes')
        .addColumn('number', 'text', (c) => c.primaryKey())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('plate', 'text')
        .addColumn('insurer', 'text', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addUniqueConstraint('quotes_year_seq', ['year', 'seq'])
        .execute();
      await db.schema.createIndex('quotes_created').on('quotes').column('created_at').execute();
      await db.schema.alterTable('bookings').addColumn('quote_number', 'text').execute();
    },
  },
  // Web Push to the shop's phones (docs/decisions/2026-12-04-web-push.md): the devices, the
  // outbox of notifications (one row per event and device, written with the event), and the
  // site's VAPID key pair, made once so that every instance signs with the same key.
  '2026-12-04-10-push': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) =>
          c.notNull().references('panel_people.id').onDelete('cascade'),
        )
        .addColumn('device_name', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('want_turnos', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('want_presupuestos', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('want_mensajes', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('want_opiniones', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('want_agenda', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('agenda_hour', 'text', (c) => c.notNull().defaultTo('19:00'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_person')
        .on('push_subscriptions')
        .column('person_id')
        .execute();
      await db.schema
        .createTable('push_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('subscription_id', 'text', (c) =>
          c.notNull().references('push_subscriptions.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('urgency', 'text', (c) => c.notNull())
        .addColumn('topic', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sqlIn('status', ['pending', 'sent', 'failed', 'expired'])),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('sent_at', 'text')
        .addUniqueConstraint('push_deliveries_once', ['event_id', 'subscription_id'])
        .execute();
      await db.schema
        .createIndex('push_deliveries_due')
        .on('push_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createTable('site_secrets')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // "Recordar por WhatsApp" (server/bookings/reminder.ts): when the owner reminded the
  // customer, and the private link that reminder carries (only its hash).
  '2026-12-04-20-booking-reminders': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('bookings').addColumn('reminded_at', 'text').execute();
      await db.schema.alterTable('bookings').addColumn('remind_token_hash', 'text').execute();
      await db.schema
        .createIndex('bookings_remind_token')
        .on('bookings')
        .column('remind_token_hash')
        .execute();
    },
  },
  // Avisos by e-mail (docs/decisions/2026-12-04-web-push.md): each person's choice (what, and
  // to which address: NULL is their Personas address), and the outbox, one row per event and
  // person, written with the event as the push outbox is.
  '2026-12-05-10-aviso-mail': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('aviso_mail_choices')
        .addColumn('person_id', 'text', (c) =>
          c.primaryKey().references('panel_people.id').onDelete('cascade'),
        )
        .addColumn('email', 'text')
        .addColumn('want_turnos', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('want_presupuestos', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('want_mensajes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('want_opiniones', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('want_agenda', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('agenda_hour', 'text', (c) => c.notNull().defaultTo('19:00'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('aviso_mails')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text', (c) =>
          c.notNull().references('panel_people.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sqlIn('status', ['pending', 'sent', 'failed', 'expired'])),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('sent_at', 'text')
        .addUniqueConstraint('aviso_mails_once', ['event_id', 'person_id'])
        .execute();
      await db.schema
        .createIndex('aviso_mails_due')
        .on('aviso_mails')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  },
};

function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}

/** Every schema change this version knows, oldest first (a backup's schema is checked against it). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
