/**
 * Tomorrow's agenda at each device's hour (server/push/agenda.ts): queued once per device and
 * day whatever the number of ticks or instances, only for the devices that chose that half
 * hour, counted by window and place with no customer's data, expiring at midnight in Jujuy;
 * and the same for the people who chose it by e-mail.
 */
import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../../../store/open.ts';
import { createPanelStore } from '../../../store/panel.ts';
import { createPushStore } from '../../../store/push.ts';
import { createAvisoMailStore } from '../../../store/aviso-mail.ts';
import type { PushKind } from '../../../store/schema.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { createAgendaPush, halfHourAt } from '../../../server/push/agenda.ts';
import { createLogger } from '../../../server/logger.ts';
import { storedBooking } from '../../helpers/bookings.ts';

describe("tomorrow's agenda by push", () => {
  it('half hours in Jujuy', () => {
    expect(halfHourAt(new Date('2026-12-09T22:00:00Z'))).toBe('19:00');
    expect(halfHourAt(new Date('2026-12-09T22:29:59Z'))).toBe('19:00');
    expect(halfHourAt(new Date('2026-12-09T22:30:00Z'))).toBe('19:30');
    expect(halfHourAt(new Date('2026-12-10T02:59:00Z'))).toBe('23:30');
  });

  it('reaches the devices that chose this half hour, once, naming nobody', async () => {
    const database = await openMemoryDatabase();
    try {
      const push = createPushStore(database);
      const bookings = createBookingStore(database);
      const { person } = await createPanelStore(database).grantAccess(
        'd@example.com',
        'D',
        new Date(),
      );
      const device = (name: string, agendaHour: string, kinds: string[]) =>
        push.saveDevice(
          {
            personId: person.id,
            name,
            endpoint: `https://push.test.example/${name}`,
            p256dh: 'k',
            auth: 'a',
            kinds: new Set(kinds.filter((k) => k === 'agenda' || k === 'turnos')),
            agendaHour,
          },
          new Date(),
        );
      const evening = await device('evening', '19:00', ['agenda']);
      await device('morning', '07:30', ['agenda']);
      await device('no-agenda', '19:00', ['turnos']);
      // Thursday 10 December: two in the workshop in the morning, one at home in the
      // afternoon, one cancelled.
      const day = {
        day: '2026-12-10',
        startsAt: '2026-12-10T12:00:00.000Z',
        endsAt: '2026-12-10T16:00:00.000Z',
      };
      await bookings.book(storedBooking(1, { ...day, name: 'Ana Secreta' }), 3, undefined);
      await bookings.book(storedBooking(2, day), 3, undefined);
      await bookings.book(
        storedBooking(3, { ...day, slot: 'tarde', place: 'domicilio', locality: 'Perico' }),
        3,
        undefined,
      );
      await bookings.book(storedBooking(4, day), 3, undefined);
      await bookings.cancel('b-4', new Date());

      let at = new Date('2026-12-09T22:05:00Z'); // 19:05 in Jujuy, Wednesday
      let queued = 0;
      const agenda = createAgendaPush({
        store: push,
        bookings,
        now: () => at,
        logger: createLogger('silent'),
        onQueued: () => queued++,
      });
      expect(await agenda.tick()).toBe(1);
      at = new Date('2026-12-09T22:06:00Z');
      // Again, and from another instance: nothing more.
      expect(await agenda.tick()).toBe(0);
      expect(
        await createAgendaPush({
          store: createPushStore(database),
          bookings,
          now: () => at,
          logger: createLogger('silent'),
          onQueued: () => {},
        }).tick(),
      ).toBe(0);
      expect(queued).toBe(1);
      const rows = await database.db.selectFrom('push_deliveries').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        subscription_id: evening.id,
        kind: 'agenda',
        title: 'Agenda de mañana',
        body: 'Mañana, jueves 10/12: 3 turnos (mañana 2 en el taller; tarde 1 a domicilio).',
        url: '/panel/turnos?dia=2026-12-10&vista=dia',
        topic: 'agenda',
        expires_at: '2026-12-10T03:00:00.000Z',
      });
      expect(JSON.stringify(rows[0])).not.toMatch(/Ana|Cliente|Perico|\+549/);
    } finally {
      await database.close();
    }
  });

  it('reaches the people who chose it by e-mail at this half hour, once each', async () => {
    const database = await openMemoryDatabase();
    try {
      const mail = createAvisoMailStore(database);
      const people = createPanelStore(database);
      const choose = async (email: string, agendaHour: string, kinds: PushKind[]) => {
        const { person } = await people.grantAccess(email, '', new Date());
        await mail.setChoice(
          person.id,
          { email: undefined, kinds: new Set(kinds), agendaHour },
          new Date(),
        );
        return person;
      };
      const evening = await choose('tarde@example.com', '19:00', ['agenda']);
      await choose('temprano@example.com', '07:30', ['agenda']);
      await choose('sin-agenda@example.com', '19:00', ['turnos']);
      const at = new Date('2026-12-09T22:05:00Z'); // 19:05 in Jujuy
      const tick = () =>
        createAgendaPush({
          store: createPushStore(database),
          mail,
          bookings: createBookingStore(database),
          now: () => at,
          logger: createLogger('silent'),
          onQueued: () => {},
        }).tick();
      expect(await tick()).toBe(1);
      // Another instance, the same minute: nothing more.
      expect(await tick()).toBe(0);
      const rows = await database.db.selectFrom('aviso_mails').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        person_id: evening.id,
        kind: 'agenda',
        title: 'Agenda de mañana',
        body: 'Mañana, jueves 10/12, no hay turnos.',
        expires_at: '2026-12-10T03:00:00.000Z',
      });

      // Kept 30 days: the retention run deletes what is done, and what expired unsent.
      const later = new Date('2027-01-20T00:00:00Z');
      expect(await mail.purgeBefore(new Date('2026-12-01T00:00:00Z'))).toBe(0);
      expect(await mail.purgeBefore(later)).toBe(1);
    } finally {
      await database.close();
    }
  });
});
