import { expect, it } from 'vitest';
import { createQuoteStore, quoteNumber, type NewQuote } from '../../store/quotes.ts';
import { createBookingStore } from '../../store/bookings.ts';
import { storedBooking } from '../helpers/bookings.ts';
import { describeEngines, freshSettings, freshDatabases } from '../helpers/contact-engines.ts';

const database = freshDatabases();

function quote(n: number, over: Partial<NewQuote> = {}): NewQuote {
  return {
    year: 2026,
    createdAt: `2026-11-28T13:00:${String(n % 60).padStart(2, '0')}.000Z`,
    code: `code${n}`,
    keyHash: `key-${n}`,
    name: `Cliente ${n}`,
    plate: n % 2 === 0 ? `AB${String(100 + n).slice(-3)}CD` : undefined,
    insurer: 'La Segunda',
    item: 'Parabrisas Peugeot 208',
    total: 18_500_000,
    ...over,
  };
}
const body = (number: string) => JSON.stringify({ number });

describeEngines('the quote store on %s', (engine) => {
  it('numbers quotes P-{year}-{seq}, consecutive per year, and keeps the body it was given', async () => {
    const s = createQuoteStore(await database(engine));
    const a = await s.issue(quote(1), body);
    const b = await s.issue(quote(2), body);
    const c = await s.issue(quote(3, { year: 2027 }), body);
    expect([a.number, b.number, c.number]).toEqual([
      'P-2026-000001',
      'P-2026-000002',
      'P-2027-000001',
    ]);
    expect(JSON.parse((await s.findByNumber('P-2026-000002'))?.body ?? '')).toEqual({
      number: 'P-2026-000002',
    });
    expect(await s.findByNumber('P-2026-000009')).toBeUndefined();
  });

  it('a failed insert gives its number back; a purged quote never gives it again', async () => {
    const s = createQuoteStore(await database(engine));
    await s.issue(quote(1), body);
    // The same private key twice: the unique column refuses the second, and the number it took
    // is rolled back with it.
    await expect(s.issue(quote(2, { keyHash: 'key-1' }), body)).rejects.toThrow();
    expect((await s.issue(quote(3), body)).number).toBe('P-2026-000002');
    expect(await s.purgeCreatedBefore(new Date('2027-01-01T00:00:00Z'))).toBe(2);
    expect((await s.issue(quote(4), body)).number).toBe('P-2026-000003');
  });

  it('lists newest first, 50 a page, and searches by number, plate or name', async () => {
    const d = await database(engine);
    const s = createQuoteStore(d);
    for (let n = 1; n <= 55; n++) await s.issue(quote(n), body);
    const first = await s.list('', 50, 0);
    expect(first.total).toBe(55);
    expect(first.quotes).toHaveLength(50);
    expect(first.quotes[0]?.number).toBe('P-2026-000055');
    expect((await s.list('', 50, 50)).quotes.map((q) => q.number)).toEqual([
      'P-2026-000005',
      'P-2026-000004',
      'P-2026-000003',
      'P-2026-000002',
      'P-2026-000001',
    ]);
    expect((await s.list('000007', 50, 0)).quotes.map((q) => q.number)).toEqual([
      quoteNumber(2026, 7),
    ]);
    expect((await s.list('ab 104', 50, 0)).quotes.map((q) => q.name)).toEqual(['Cliente 4']);
    expect((await s.list('CLIENTE 5', 50, 0)).total).toBe(7); // 5 and 50 to 55
    expect((await s.list('100%', 50, 0)).total).toBe(0);
  });

  it('a booking made from a quote is found with it; a cancelled one is not', async () => {
    const d = await database(engine);
    const s = createQuoteStore(d);
    const issued = await s.issue(quote(1), body);
    const bookings = createBookingStore(d);
    await bookings.book(storedBooking(1, { quoteNumber: issued.number }), 3, undefined);
    expect((await s.findByNumber(issued.number))?.booking).toEqual({
      id: 'b-1',
      day: '2026-12-01',
      slot: 'manana',
    });
    expect((await bookings.findById('b-1'))?.quoteNumber).toBe(issued.number);
    await bookings.cancel('b-1', new Date());
    expect((await s.findByNumber(issued.number))?.booking).toBeUndefined();
  });

  it('what waits on Hoy: quotes since a time with no live booking, newest first, and how many', async () => {
    const d = await database(engine);
    const s = createQuoteStore(d);
    const bookings = createBookingStore(d);
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T13:00:00.000Z`;
    await s.issue(quote(1, { createdAt: at(10) }), body); // before `since`
    await s.issue(quote(2, { createdAt: at(20) }), body); // booked
    await s.issue(quote(3, { createdAt: at(21) }), body); // booked, then cancelled: waits again
    await s.issue(quote(4, { createdAt: at(22) }), body);
    await s.issue(quote(5, { createdAt: at(23) }), body);
    await bookings.book(storedBooking(2, { quoteNumber: 'P-2026-000002' }), 3, undefined);
    await bookings.book(storedBooking(3, { quoteNumber: 'P-2026-000003' }), 3, undefined);
    await bookings.cancel('b-3', new Date());
    const since = new Date(at(16));
    const two = await s.unbookedSince(since, 2);
    expect(two.total).toBe(3);
    expect(two.quotes.map((q) => q.number)).toEqual(['P-2026-000005', 'P-2026-000004']);
    const all = await s.unbookedSince(since, 10);
    expect(all.quotes.map((q) => q.number)).toEqual([
      'P-2026-000005',
      'P-2026-000004',
      'P-2026-000003',
    ]);
    expect((await s.unbookedSince(since, 0)).total).toBe(3);
  });

  // SQLite: one connection per process; PostgreSQL: two pools, as two instances.
  it('50 simultaneous issues: 50 different consecutive numbers', async () => {
    const settings = await freshSettings(engine);
    const a = await database(engine, settings);
    const b = engine === 'postgres' ? await database(engine, settings) : a;
    const stores = [createQuoteStore(a), createQuoteStore(b)];
    const issued = await Promise.all(
      Array.from({ length: 50 }, (_, i) => stores[i % 2]?.issue(quote(100 + i), body)),
    );
    const numbers = issued.map((q) => q?.number).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => quoteNumber(2026, i + 1)));
    expect((await stores[1]?.list('', 100, 0))?.total).toBe(50);
  });
});
