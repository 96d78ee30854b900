import { expect, it } from 'vitest';
import { createBookingStore, WHOLE_DAY } from '../../store/bookings.ts';
import { createContactStore } from '../../store/messages.ts';
import { storedBooking } from '../helpers/bookings.ts';
import { freshSettings, describeEngines, freshDatabases } from '../helpers/contact-engines.ts';

const database = freshDatabases();

const AT = new Date('2026-11-25T13:00:00.000Z');

const booking = storedBooking;
const notice = { text: 'Turno nuevo' };

describeEngines('the booking store on %s', (engine) => {
  it('takes places until the window is full, then refuses; the e-mail is queued with each booking', async () => {
    const d = await database(engine);
    const s = createBookingStore(d);
    expect((await s.book(booking(1), 2, notice)).status).toBe('booked');
    expect((await s.book(booking(2), 2, notice)).status).toBe('booked');
    expect((await s.book(booking(3), 2, notice)).status).toBe('full');
    expect(await s.takenBetween('2026-12-01', '2026-12-01')).toEqual([
      { day: '2026-12-01', slot: 'manana', place: 'taller', taken: 2 },
    ]);
    const outbox = await createContactStore(d).list();
    expect(outbox.map((m) => [m.id, m.kind])).toEqual([
      ['b-1', 'booking'],
      ['b-2', 'booking'],
    ]);
    // Bookings do not count against the contact form's hourly ceiling.
    expect(await createContactStore(d).countReceivedSince(new Date(0))).toBe(0);
  });

  it('books a double submit once, and gives back the first booking', async () => {
    const s = createBookingStore(await database(engine));
    const first = await s.book(booking(1), 3, notice);
    const again = await s.book({ ...booking(1), id: 'b-other', manageTokenHash: 'h2' }, 3, notice);
    expect(again).toMatchObject({ status: 'repeat', booking: { id: 'b-1' } });
    expect(first.status).toBe('booked');
    expect(await s.listBetween('2026-12-01', '2026-12-01')).toHaveLength(1);
  });

  it('the database refuses taken > places, whatever the code', async () => {
    const d = await database(engine);
    const s = createBookingStore(d);
    await s.book(booking(1), 1, notice);
    await expect(
      d.db.updateTable('booking_slots').set({ taken: 2 }).where('day', '=', '2026-12-01').execute(),
    ).rejects.toThrow();
  });

  it('cancelling frees the place at once; a cancelled booking cannot be cancelled twice', async () => {
    const s = createBookingStore(await database(engine));
    await s.book(booking(1), 1, notice);
    expect((await s.book(booking(2), 1, notice)).status).toBe('full');
    expect(await s.cancel('b-1', AT)).toBe(true);
    expect(await s.cancel('b-1', AT)).toBe(false);
    expect((await s.findById('b-1'))?.status).toBe('cancelado');
    expect((await s.book(booking(2), 1, notice)).status).toBe('booked');
  });

  it('moves a booking: the new place is taken before the old one is freed', async () => {
    const s = createBookingStore(await database(engine));
    await s.book(booking(1), 1, notice);
    await s.book(booking(2, { slot: 'tarde' }), 1, notice);
    const to = { day: '2026-12-01', slot: 'tarde', startsAt: 'x', endsAt: 'y' };
    expect(await s.move('b-1', to, 1, AT)).toBe('full');
    expect(await s.move('b-1', { ...to, day: '2026-12-02' }, 1, AT)).toBe('moved');
    expect((await s.book(booking(3), 1, notice)).status).toBe('booked');
    expect((await s.findByManageHash('hash-1'))?.day).toBe('2026-12-02');
  });

  it("the owner's changes: a day's places, a closed window, a closed day", async () => {
    const s = createBookingStore(await database(engine));
    await s.setDayPlaces('2026-12-01', 'taller', 1);
    await s.book(booking(1), 3, notice);
    expect((await s.book(booking(2), 3, notice)).status).toBe('full');
    await s.setDayPlaces('2026-12-01', 'taller', undefined);
    expect((await s.book(booking(2), 3, notice)).status).toBe('booked');
    await s.setClosed('2026-12-01', 'tarde', true);
    expect((await s.book(booking(3, { slot: 'tarde' }), 3, notice)).status).toBe('closed');
    await s.setClosed('2026-12-02', WHOLE_DAY, true);
    expect((await s.book(booking(4, { day: '2026-12-02' }), 3, notice)).status).toBe('closed');
    await s.setClosed('2026-12-02', WHOLE_DAY, false);
    expect((await s.book(booking(4, { day: '2026-12-02' }), 3, notice)).status).toBe('booked');
    expect(await s.closuresBetween('2026-12-01', '2026-12-31')).toEqual([
      { day: '2026-12-01', slot: 'tarde' },
    ]);
  });

  // SQLite: one connection per process (libsql waits for a lock synchronously, so two
  // connections in one process would block each other); PostgreSQL: two pools, as two instances.
  it('50 simultaneous requests for the last place: exactly one booking', async () => {
    const settings = await freshSettings(engine);
    const a = await database(engine, settings);
    const b = engine === 'postgres' ? await database(engine, settings) : a;
    const stores = [createBookingStore(a), createBookingStore(b)];
    await stores[0]?.book(booking(0), 3, notice);
    await stores[1]?.book(booking(1), 3, notice);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => stores[i % 2]?.book(booking(100 + i), 3, notice)),
    );
    expect(outcomes.filter((o) => o?.status === 'booked')).toHaveLength(1);
    expect(outcomes.filter((o) => o?.status === 'full')).toHaveLength(49);
    expect(await stores[0]?.listBetween('2026-12-01', '2026-12-01')).toHaveLength(3);
    expect(await createContactStore(a).list()).toHaveLength(3);
  });
});
