/**
 * Avisos by e-mail, the same queries for SQLite and PostgreSQL: each person's choice (which
 * events, to which address) and the outbox, one row per event and person. `enqueueMail` runs in
 * the transaction that writes the event (store/push.ts `enqueuePush` calls it), so a mail is
 * queued if and only if the thing was stored; a worker claims rows with a lease
 * (store/outbox.ts) and the unique event and person keeps each mail once.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AvisoMailChoicesTable, PushKind, SiteDatabase, SiteTables } from './schema.ts';
import { claimDue, deliveryOutcomes, type DeliveryOutcomes } from './outbox.ts';

/** What a mail tells: a push event's words and link (store/push.ts `PushEvent`). */
export type MailEvent = {
  readonly kind: PushKind;
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
};

export type MailChoice = {
  readonly personId: string;
  /** The address chosen on Avisos; undefined: the person's address in Personas. */
  readonly email: string | undefined;
  /** Where the mails go: `email`, else the Personas address. */
  readonly address: string;
  readonly kinds: ReadonlySet<PushKind>;
  readonly agendaHour: string;
};

export type ClaimedMail = {
  readonly id: string;
  readonly to: string;
  readonly kind: string;
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly expiresAt: string;
  readonly attempts: number;
};

export type AvisoMailStore = DeliveryOutcomes & {
  /** The person's choice; undefined when they never chose e-mail. */
  choiceOf(personId: string): Promise<MailChoice | undefined>;
  setChoice(
    personId: string,
    choice: { email: string | undefined; kinds: ReadonlySet<PushKind>; agendaHour: string },
    at: Date,
  ): Promise<void>;
  /** One mail to this person whatever they chose ("Probar e-mail"). */
  enqueueFor(personId: string, event: MailEvent): Promise<void>;
  /** Tomorrow's agenda for the people who want it at `hour`, once each per `eventId`. */
  enqueueAgenda(eventId: string, hour: string, event: MailEvent): Promise<number>;
  claimNext(now: Date, leaseMs: number): Promise<ClaimedMail | undefined>;
  /** Rows written before `before` that are done, or pending but expired (SMTP was taken away). */
  purgeBefore(before: Date): Promise<number>;
};

const KIND_COLUMNS = {
  turnos: 'want_turnos',
  presupuestos: 'want_presupuestos',
  mensajes: 'want_mensajes',
  opiniones: 'want_opiniones',
  agenda: 'want_agenda',
} as const satisfies Record<PushKind, keyof AvisoMailChoicesTable>;

const KIND_LIST = Object.keys(KIND_COLUMNS).filter((k): k is PushKind => k in KIND_COLUMNS);

function outboxRows(eventId: string, personIds: readonly string[], event: MailEvent) {
  const created = event.createdAt.toISOString();
  return personIds.map((personId) => ({
    id: randomUUID(),
    event_id: eventId,
    person_id: personId,
    kind: event.kind,
    title: event.title,
    body: event.body,
    url: event.url,
    created_at: created,
    expires_at: event.expiresAt.toISOString(),
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: created,
  }));
}

/** The people (not revoked) whose choice has `kind`, and at `hour` for the agenda. */
function wanting(db: Kysely<SiteTables>, kind: PushKind, hour?: string) {
  return db
    .selectFrom('aviso_mail_choices as c')
    .innerJoin('panel_people as p', 'p.id', 'c.person_id')
    .select('c.person_id')
    .where(`c.${KIND_COLUMNS[kind]}`, '=', 1)
    .where('p.revoked_at', 'is', null)
    .$if(hour !== undefined, (q) => q.where('c.agenda_hour', '=', hour ?? ''));
}

/** Queues `event` for every person who chose it by e-mail, inside the caller's transaction. */
export async function enqueueMail(
  tx: Kysely<SiteTables>,
  eventId: string,
  event: MailEvent,
): Promise<number> {
  const people = await wanting(tx, event.kind).execute();
  if (people.length === 0) return 0;
  await tx
    .insertInto('aviso_mails')
    .values(
      outboxRows(
        eventId,
        people.map((p) => p.person_id),
        event,
      ),
    )
    .execute();
  return people.length;
}

export function createAvisoMailStore(database: SiteDatabase): AvisoMailStore {
  const { db } = database;
  return {
    async choiceOf(personId) {
      const row = await db
        .selectFrom('aviso_mail_choices as c')
        .innerJoin('panel_people as p', 'p.id', 'c.person_id')
        .selectAll('c')
        .select('p.email as person_email')
        .where('c.person_id', '=', personId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        personId: row.person_id,
        email: row.email ?? undefined,
        address: row.email ?? row.person_email,
        kinds: new Set(KIND_LIST.filter((k) => Number(row[KIND_COLUMNS[k]]) === 1)),
        agendaHour: row.agenda_hour,
      };
    },

    async setChoice(personId, choice, at) {
      const values = {
        email: choice.email ?? null,
        want_turnos: choice.kinds.has('turnos') ? 1 : 0,
        want_presupuestos: choice.kinds.has('presupuestos') ? 1 : 0,
        want_mensajes: choice.kinds.has('mensajes') ? 1 : 0,
        want_opiniones: choice.kinds.has('opiniones') ? 1 : 0,
        want_agenda: choice.kinds.has('agenda') ? 1 : 0,
        agenda_hour: choice.agendaHour,
        updated_at: at.toISOString(),
      };
      await db
        .insertInto('aviso_mail_choices')
        .values({ person_id: personId, ...values })
        .onConflict((oc) => oc.column('person_id').doUpdateSet(values))
        .execute();
    },

    async enqueueFor(personId, event) {
      await db
        .insertInto('aviso_mails')
        .values(outboxRows(randomUUID(), [personId], event))
        .execute();
    },

    async enqueueAgenda(eventId, hour, event) {
      const people = await wanting(db, 'agenda', hour).execute();
      if (people.length === 0) return 0;
      const result = await db
        .insertInto('aviso_mails')
        .values(
          outboxRows(
            eventId,
            people.map((p) => p.person_id),
            event,
          ),
        )
        .onConflict((oc) => oc.columns(['event_id', 'person_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async claimNext(now, leaseMs) {
      const id = await claimDue(database, 'aviso_mails', now, leaseMs);
      if (!id) return undefined;
      const row = await db
        .selectFrom('aviso_mails as m')
        .innerJoin('panel_people as p', 'p.id', 'm.person_id')
        .leftJoin('aviso_mail_choices as c', 'c.person_id', 'm.person_id')
        .select([
          'm.id',
          'p.email as person_email',
          'p.revoked_at',
          'c.email',
          'm.kind',
          'm.title',
          'm.body',
          'm.url',
          'm.expires_at',
          'm.attempts',
        ])
        .where('m.id', '=', id)
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) {
        // The person lost access meanwhile: nothing to send.
        await db.deleteFrom('aviso_mails').where('id', '=', id).execute();
        return undefined;
      }
      return {
        id: row.id,
        to: row.email ?? row.person_email,
        kind: row.kind,
        title: row.title,
        body: row.body,
        url: row.url,
        expiresAt: row.expires_at,
        attempts: Number(row.attempts),
      };
    },

    ...deliveryOutcomes(database, 'aviso_mails'),

    async purgeBefore(before) {
      const at = before.toISOString();
      const result = await db
        .deleteFrom('aviso_mails')
        .where('created_at', '<', at)
        .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('expires_at', '<', at)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
