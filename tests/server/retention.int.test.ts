import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../../store/open.ts';
import type { SiteDatabase } from '../../store/schema.ts';
import { createContactStore } from '../../store/messages.ts';
import { createBookingStore } from '../../store/bookings.ts';
import { createReviewStore } from '../../store/reviews.ts';
import { storedBooking } from '../helpers/bookings.ts';
import { defaultFacts } from '../../client/facts/defaults.ts';
import { createLogger } from '../../server/logger.ts';
import { createRetention } from '../../server/retention.ts';
import { retentionPurges } from '../../server/site.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const logger = createLogger('silent');

let database: SiteDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('the daily purge', () => {
  it("deletes contact messages older than the owner's period (content/privacy.ts), keeps newer ones and those not yet e-mailed", async () => {
    database = await openMemoryDatabase();
    const store = createContactStore(database);
    const days = defaultFacts.privacy.contactMessagesDays;
    const message = (id: string, receivedAt: string) => ({
      id,
      receivedAt,
      name: 'Ana',
      email: `${id}@example.com`,
      message: 'Hola',
    });
    await store.insert(message('old', daysAgo(days + 1)));
    await store.markSent('old', new Date(daysAgo(days)));
    await store.insert(message('recent', daysAgo(days - 1)));
    await store.markSent('recent', new Date(daysAgo(days - 1)));
    await store.insert(message('unsent', daysAgo(days + 30)));
    const retention = createRetention({
      purges: retentionPurges(database, () => defaultFacts),
      now: () => NOW,
      logger,
    });
    await retention.runOnce();
    const left = (await store.list()).map((m) => m.id).sort();
    expect(left).toEqual(['recent', 'unsent']);
  });

  it("deletes bookings whose window ended more than the owner's period ago, and keeps the others", async () => {
    database = await openMemoryDatabase();
    const store = createBookingStore(database);
    const days = defaultFacts.privacy.bookingsDays;
    const booking = (n: number, endsAt: string) =>
      storedBooking(n, {
        createdAt: endsAt,
        day: endsAt.slice(0, 10),
        startsAt: endsAt,
        endsAt,
      });
    await store.book(booking(1, daysAgo(days + 1)), 3, { text: 'Turno' });
    await store.book(booking(2, daysAgo(days - 1)), 3, { text: 'Turno' });
    await createRetention({
      purges: retentionPurges(database, () => defaultFacts),
      now: () => NOW,
      logger,
    }).runOnce();
    expect(await store.findById('b-1')).toBeUndefined();
    expect((await store.findById('b-2'))?.name).toBe('Cliente 2');
  });

  it('keeps a published review when its booking is purged after the published period, without the booking or the phone', async () => {
    database = await openMemoryDatabase();
    const store = createBookingStore(database);
    const reviews = createReviewStore(database);
    // A period the owner published, not the first version's: the purge reads the facts.
    const bookingsDays = defaultFacts.privacy.bookingsDays - 100;
    const published = { ...defaultFacts, privacy: { ...defaultFacts.privacy, bookingsDays } };
    const endsAt = daysAgo(bookingsDays + 1);
    const old = storedBooking(1, { day: endsAt.slice(0, 10), startsAt: endsAt, endsAt });
    await store.book(old, 3, { text: 'Turno' });
    await store.setStatus(old.id, 'hecho', new Date(endsAt));
    await reviews.save(
      old.id,
      { stars: 5, body: 'Impecable', author: 'Cliente U.' },
      { job: 'parabrisas', car: 'Peugeot 208', product: undefined, jobMonth: '2025-11' },
      new Date(endsAt),
    );
    const id = (await reviews.findByBooking(old.id))?.id ?? '';
    await reviews.publish(id, new Date(endsAt));
    await createRetention({
      purges: retentionPurges(database, () => published),
      now: () => NOW,
      logger,
    }).runOnce();
    expect(await store.findById(old.id)).toBeUndefined();
    const kept = await reviews.find(id);
    expect(kept).toMatchObject({ bookingId: undefined, body: 'Impecable', author: 'Cliente U.' });
    expect(kept?.state.status).toBe('publicada');
    const rows = await database.db.selectFrom('reviews').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(old.phone);
  });

  it('a purge that fails does not stop the others', async () => {
    const ran: string[] = [];
    const retention = createRetention({
      purges: [
        { name: 'broken', days: () => 1, run: () => Promise.reject(new Error('database down')) },
        {
          name: 'next',
          days: () => 30,
          run: async (before) => {
            ran.push(before.toISOString());
            return 0;
          },
        },
      ],
      now: () => NOW,
      logger,
    });
    await retention.runOnce();
    expect(ran).toEqual([daysAgo(30)]);
  });
});
