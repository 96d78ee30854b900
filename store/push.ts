/**
 * Web Push on the site's database, the same queries for SQLite and PostgreSQL: the devices of
 * the shop's people, the outbox of notifications, and the VAPID key pair.
 *
 * The outbox holds one row per event and device. `enqueuePush` is called inside the
 * transaction that writes what the notification tells (a booking, a quote, a message, a
 * review): it copies the event to every device that chose its kind, so the event is sent if
 * and only if the thing was stored. A worker claims one due row at a time (a lease, as the
 * contact outbox: store/messages.ts), sends it, and records the outcome.
 * See docs/decisions/2026-12-04-web-push.md.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PushKind, PushSubscriptionsTable, SiteDatabase, SiteTables } from './schema.ts';
import { enqueueMail } from './aviso-mail.ts';
import { claimDue, deliveryOutcomes, type DeliveryOutcomes } from './outbox.ts';
import { writeTransaction } from './transaction.ts';

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** What a notification says; nothing in it names the customer. */
export type PushEvent = {
  readonly kind: PushKind;
  readonly title: string;
  readonly body: string;
  /** The panel page that shows the thing (a path under /panel/). */
  readonly url: string;
  readonly urgency: PushUrgency;
  readonly topic?: string | undefined;
  readonly createdAt: Date;
  /** After this it is not sent any more (the push's TTL counts down to it). */
  readonly expiresAt: Date;
};

export type PushDevice = {
  readonly id: string;
  readonly personId: string;
  readonly name: string;
  /** The push service's origin only (the endpoint's path is the device's secret). */
  readonly service: string;
  readonly kinds: ReadonlySet<PushKind>;
  readonly agendaHour: string;
  readonly createdAt: string;
};

export type NewPushDevice = {
  readonly personId: string;
  readonly name: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly kinds: ReadonlySet<PushKind>;
  readonly agendaHour: string;
};

export type ClaimedPush = {
  readonly id: string;
  readonly subscriptionId: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly kind: string;
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly urgency: PushUrgency;
  readonly topic: string | undefined;
  readonly expiresAt: string;
  readonly attempts: number;
};

export type PushStore = DeliveryOutcomes & {
  /** Stores a device (or updates it when its endpoint is known: the same browser again). */
  saveDevice(device: NewPushDevice, at: Date): Promise<PushDevice>;
  devicesOf(personId: string): Promise<PushDevice[]>;
  /** Changes what a device of this person receives; false when it is not theirs. */
  setChoices(
    personId: string,
    deviceId: string,
    kinds: ReadonlySet<PushKind>,
    agendaHour: string,
    at: Date,
  ): Promise<boolean>;
  /** Forgets a device of this person ("Quitar"); false when it is not theirs. */
  removeDevice(personId: string, deviceId: string): Promise<boolean>;
  /** Forgets a device whatever its owner (the push service answered 404 or 410). */
  forgetDevice(deviceId: string): Promise<void>;
  /** Forgets every device of a person (revoked in Personas). */
  removeDevicesOf(personId: string): Promise<number>;
  /** Queues an event for every device that chose its kind, in its own transaction. */
  enqueue(event: PushEvent): Promise<number>;
  /** Queues an event for one device (the "Probar" button). */
  enqueueFor(deviceId: string, event: PushEvent): Promise<number>;
  /**
   * Queues `event` under the id `eventId` for the devices that want the agenda at `hour`;
   * a device that has it already is skipped (the unique event and device), so every instance
   * may run this and each device gets it once. Returns how many rows were added.
   */
  enqueueAgenda(eventId: string, hour: string, event: PushEvent): Promise<number>;
  claimNext(now: Date, leaseMs: number): Promise<ClaimedPush | undefined>;
  /** Rows sent, failed or expired before `before` (what the outbox keeps: docs/operations.md). */
  purgeBefore(before: Date): Promise<number>;
  /** The value kept under `key`, or `value` stored now if there is none (the first caller wins). */
  secret(key: string, make: () => string, at: Date): Promise<string>;
};

const KIND_COLUMNS = {
  turnos: 'want_turnos',
  presupuestos: 'want_presupuestos',
  mensajes: 'want_mensajes',
  opiniones: 'want_opiniones',
  agenda: 'want_agenda',
} as const satisfies Record<PushKind, keyof PushSubscriptionsTable>;

const PUSH_KIND_LIST = Object.keys(KIND_COLUMNS).filter((k): k is PushKind => k in KIND_COLUMNS);

function kindColumns(kinds: ReadonlySet<PushKind>) {
  return {
    want_turnos: kinds.has('turnos') ? 1 : 0,
    want_presupuestos: kinds.has('presupuestos') ? 1 : 0,
    want_mensajes: kinds.has('mensajes') ? 1 : 0,
    want_opiniones: kinds.has('opiniones') ? 1 : 0,
    want_agenda: kinds.has('agenda') ? 1 : 0,
  };
}

function toDevice(row: PushSubscriptionsTable): PushDevice {
  return {
    id: row.id,
    personId: row.person_id,
    name: row.device_name,
    service: new URL(row.endpoint).origin,
    kinds: new Set(PUSH_KIND_LIST.filter((k) => Number(row[KIND_COLUMNS[k]]) === 1)),
    agendaHour: row.agenda_hour,
    createdAt: row.created_at,
  };
}

/**
 * Copies `event` into the outbox for every device that chose its kind (or only `deviceId`),
 * inside the caller's transaction `tx`: the one that stores the booking, quote, message or
 * review; and to every person who chose it by e-mail (store/aviso-mail.ts). Returns how many
 * devices and people it is queued for.
 */
export async function enqueuePush(
  tx: Kysely<SiteTables>,
  event: PushEvent,
  deviceId?: string,
): Promise<number> {
  const eventId = randomUUID();
  const created = event.createdAt.toISOString();
  let devices = tx.selectFrom('push_subscriptions').select('id');
  devices = deviceId
    ? devices.where('id', '=', deviceId)
    : devices.where(KIND_COLUMNS[event.kind], '=', 1);
  const ids = await devices.execute();
  // The people who chose this kind by e-mail too ("Probar" is for one device only).
  const mailed = deviceId ? 0 : await enqueueMail(tx, eventId, event);
  if (ids.length === 0) return mailed;
  await tx
    .insertInto('push_deliveries')
    .values(
      ids.map(({ id }) => ({
        id: randomUUID(),
        event_id: eventId,
        subscription_id: id,
        kind: event.kind,
        title: event.title,
        body: event.body,
        url: event.url,
        urgency: event.urgency,
        topic: event.topic ?? null,
        created_at: created,
        expires_at: event.expiresAt.toISOString(),
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: created,
      })),
    )
    .execute();
  return ids.length + mailed;
}

export function createPushStore(database: SiteDatabase): PushStore {
  const { db } = database;
  const devices = () => db.selectFrom('push_subscriptions').selectAll();

  async function deleteDevices(where: { id?: string; personId?: string }): Promise<number> {
    return writeTransaction(database, async (tx) => {
      let ids = tx.selectFrom('push_subscriptions').select('id');
      if (where.id) ids = ids.where('id', '=', where.id);
      if (where.personId) ids = ids.where('person_id', '=', where.personId);
      const rows = await ids.execute();
      if (rows.length === 0) return 0;
      const list = rows.map((r) => r.id);
      await tx.deleteFrom('push_deliveries').where('subscription_id', 'in', list).execute();
      await tx.deleteFrom('push_subscriptions').where('id', 'in', list).execute();
      return rows.length;
    });
  }

  return {
    async saveDevice(device, at) {
      const now = at.toISOString();
      const row = await db
        .insertInto('push_subscriptions')
        .values({
          id: randomUUID(),
          person_id: device.personId,
          device_name: device.name,
          endpoint: device.endpoint,
          p256dh: device.p256dh,
          auth: device.auth,
          ...kindColumns(device.kinds),
          agenda_hour: device.agendaHour,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            person_id: device.personId,
            device_name: device.name,
            p256dh: device.p256dh,
            auth: device.auth,
            updated_at: now,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDevice(row);
    },

    async devicesOf(personId) {
      const rows = await devices()
        .where('person_id', '=', personId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toDevice);
    },

    async setChoices(personId, deviceId, kinds, agendaHour, at) {
      const result = await db
        .updateTable('push_subscriptions')
        .set({ ...kindColumns(kinds), agenda_hour: agendaHour, updated_at: at.toISOString() })
        .where('id', '=', deviceId)
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async removeDevice(personId, deviceId) {
      return (await deleteDevices({ id: deviceId, personId })) === 1;
    },

    async forgetDevice(deviceId) {
      await deleteDevices({ id: deviceId });
    },

    removeDevicesOf(personId) {
      return deleteDevices({ personId });
    },

    enqueue(event) {
      return writeTransaction(database, (tx) => enqueuePush(tx, event));
    },

    enqueueFor(deviceId, event) {
      return writeTransaction(database, (tx) => enqueuePush(tx, event, deviceId));
    },

    async enqueueAgenda(eventId, hour, event) {
      const wanting = await devices()
        .where('want_agenda', '=', 1)
        .where('agenda_hour', '=', hour)
        .execute();
      if (wanting.length === 0) return 0;
      const created = event.createdAt.toISOString();
      const result = await db
        .insertInto('push_deliveries')
        .values(
          wanting.map((d) => ({
            id: randomUUID(),
            event_id: eventId,
            subscription_id: d.id,
            kind: event.kind,
            title: event.title,
            body: event.body,
            url: event.url,
            urgency: event.urgency,
            topic: event.topic ?? null,
            created_at: created,
            expires_at: event.expiresAt.toISOString(),
            status: 'pending' as const,
            attempts: 0,
            next_attempt_at: created,
          })),
        )
        .onConflict((oc) => oc.columns(['event_id', 'subscription_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async claimNext(now, leaseMs) {
      const claimed = await claimDue(database, 'push_deliveries', now, leaseMs);
      if (!claimed) return undefined;
      const row = await db
        .selectFrom('push_deliveries as d')
        .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
        .select([
          'd.id',
          'd.subscription_id',
          's.endpoint',
          's.p256dh',
          's.auth',
          'd.kind',
          'd.title',
          'd.body',
          'd.url',
          'd.urgency',
          'd.topic',
          'd.expires_at',
          'd.attempts',
        ])
        .where('d.id', '=', claimed)
        .executeTakeFirst();
      if (!row) {
        // The device was forgotten meanwhile: nothing to send.
        await db.deleteFrom('push_deliveries').where('id', '=', claimed).execute();
        return undefined;
      }
      return {
        id: row.id,
        subscriptionId: row.subscription_id,
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
        kind: row.kind,
        title: row.title,
        body: row.body,
        url: row.url,
        urgency: row.urgency,
        topic: row.topic ?? undefined,
        expiresAt: row.expires_at,
        attempts: Number(row.attempts),
      };
    },

    ...deliveryOutcomes(database, 'push_deliveries'),

    async purgeBefore(before) {
      const result = await db
        .deleteFrom('push_deliveries')
        .where('created_at', '<', before.toISOString())
        .where('status', '!=', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async secret(key, make, at) {
      await db
        .insertInto('site_secrets')
        .values({ key, value: make(), created_at: at.toISOString() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('site_secrets')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
