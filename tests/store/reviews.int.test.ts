/**
 * The review store on SQLite and PostgreSQL: one review per booking, changed only while new;
 * what the pages count and list (decided(), grouped by the followed view of
 * server/reviews/published.ts); the version bumped by every public change; the booking purge
 * keeping a published review without its booking (and so without the phone).
 */
import { expect, it } from 'vitest';
import { createBookingStore, type NewBooking } from '../../store/bookings.ts';
import { createReviewStore, type ReviewSubject } from '../../store/reviews.ts';
import { createLogger } from '../../server/logger.ts';
import { followReviews, groupReviews } from '../../server/reviews/published.ts';
import { storedBooking } from '../helpers/bookings.ts';
import { describeEngines, type EngineName, freshDatabases } from '../helpers/contact-engines.ts';

const openFresh = freshDatabases();

const AT = new Date('2026-12-02T13:00:00.000Z');
const later = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);
const subject: ReviewSubject = {
  job: 'parabrisas',
  car: 'Peugeot 208',
  product: { piece: 'parabrisas', brandSlug: 'peugeot', modelSlug: '208' },
  jobMonth: '2026-12',
};

async function setup(engine: EngineName) {
  const database = await openFresh(engine);
  const bookings = createBookingStore(database);
  const reviews = createReviewStore(database);
  const done = async (n: number, over: Partial<NewBooking> = {}) => {
    const booking = storedBooking(n, over);
    await bookings.book(booking, 50, { text: 'x' });
    await bookings.setStatus(booking.id, 'hecho', AT);
    return booking;
  };
  return { database, bookings, reviews, done };
}

describeEngines('the review store on %s', (engine) => {
  it('one review per booking, changed while new, locked once the owner decided', async () => {
    const { reviews, done } = await setup(engine);
    const b = await done(1);
    expect(
      await reviews.save(b.id, { stars: 5, body: 'Bien', author: 'Ana G.' }, subject, AT),
    ).toBe('stored');
    expect(
      await reviews.save(b.id, { stars: 4, body: 'Muy bien', author: 'Ana' }, subject, later(1)),
    ).toBe('updated');
    const review = await reviews.findByBooking(b.id);
    expect(review).toMatchObject({
      stars: 4,
      body: 'Muy bien',
      author: 'Ana',
      state: { status: 'nueva' },
    });
    expect(await reviews.publish(review?.id ?? '', later(2))).toBe(true);
    expect(await reviews.save(b.id, { stars: 1, body: 'x', author: 'x' }, subject, later(3))).toBe(
      'locked',
    );
    expect((await reviews.findByBooking(b.id))?.stars).toBe(4);
  });

  it('a double submit at the same moment stores one review', async () => {
    const { reviews, done } = await setup(engine);
    const b = await done(1);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        reviews.save(b.id, { stars: 5, body: `v${i}`, author: 'Ana' }, subject, later(i)),
      ),
    );
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'updated')).toHaveLength(7);
    expect(await reviews.countByStatus()).toEqual({ nueva: 1, publicada: 0, oculta: 0 });
  });

  it('the database refuses stars out of 1 to 5 and a hidden review without a reason', async () => {
    const { database, reviews, done } = await setup(engine);
    const b = await done(1);
    await reviews.save(b.id, { stars: 5, body: '', author: 'Ana' }, subject, AT);
    await expect(
      database.db.updateTable('reviews').set({ stars: 6 }).where('booking_id', '=', b.id).execute(),
    ).rejects.toThrow();
    await expect(
      database.db
        .updateTable('reviews')
        .set({ status: 'oculta' })
        .where('booking_id', '=', b.id)
        .execute(),
    ).rejects.toThrow();
  });

  it('decided: the published and the hidden, newest first, never the new; grouped as the pages count them (by job, by product; the hidden per reason)', async () => {
    const { reviews, done } = await setup(engine);
    const put = async (n: number, stars: number, over: Partial<NewBooking> = {}, s = subject) => {
      const b = await done(n, over);
      await reviews.save(b.id, { stars, body: `r${n}`, author: `A${n}` }, s, later(n));
      return (await reviews.findByBooking(b.id))?.id ?? '';
    };
    const luneta = { ...subject, job: 'luneta', product: { ...subject.product!, piece: 'luneta' } };
    const ids = [
      await put(1, 5),
      await put(2, 4),
      await put(3, 3, {}, luneta),
      await put(4, 1),
      await put(5, 2),
      await put(6, 5),
    ];
    for (const id of ids.slice(0, 3)) await reviews.publish(id, later(10));
    await reviews.hide(ids[3] ?? '', 'insultos', later(11));
    await reviews.hide(ids[4] ?? '', 'no-habla-del-trabajo', later(11));
    // ids[5] stays new.
    const decided = await reviews.decided();
    expect(decided.map((r) => [r.body, r.state.status])).toEqual([
      ['r5', 'oculta'],
      ['r4', 'oculta'],
      ['r3', 'publicada'],
      ['r2', 'publicada'],
      ['r1', 'publicada'],
    ]);
    // What the followed view (server/reviews/published.ts) makes of them for the pages.
    const groups = groupReviews(decided);
    const all = groups.get('all');
    expect(all?.counts.stars).toEqual([0, 0, 1, 1, 1]);
    expect(all?.counts.hidden).toEqual({
      insultos: 1,
      'datos-personales': 0,
      'no-habla-del-trabajo': 1,
    });
    expect(all?.published.map((r) => r.body)).toEqual(['r3', 'r2', 'r1']);
    expect(groups.get('job:luneta')?.published.map((r) => r.body)).toEqual(['r3']);
    expect(groups.get('product:parabrisas/peugeot/208')?.counts.stars).toEqual([0, 0, 0, 1, 1]);
    const followed = followReviews({
      store: reviews,
      logger: createLogger('silent'),
      pollMs: 60_000,
    });
    expect((await followed.published.list({ kind: 'all' }, 1, 1)).map((r) => r.body)).toEqual([
      'r2',
    ]);
    expect(
      (await followed.published.list({ kind: 'job', job: 'luneta' }, 0, 10)).map((r) => r.body),
    ).toEqual(['r3']);
    const summary = await followed.published.summary({
      kind: 'product',
      piece: 'parabrisas',
      brandSlug: 'peugeot',
      modelSlug: '208',
    });
    expect(summary).toMatchObject({ count: 2, stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    expect((await reviews.list(0, 10)).map((r) => r.body)).toEqual([
      'r6',
      'r5',
      'r4',
      'r3',
      'r2',
      'r1',
    ]);
  });

  it('every public change bumps the version, a customer sending one does not', async () => {
    const { reviews, done } = await setup(engine);
    const b = await done(1);
    await reviews.save(b.id, { stars: 5, body: '', author: 'Ana' }, subject, AT);
    const id = (await reviews.findByBooking(b.id))?.id ?? '';
    const v0 = await reviews.version();
    await reviews.publish(id, later(1));
    await reviews.answer(id, 'Gracias', later(2));
    await reviews.hide(id, 'insultos', later(3));
    await reviews.remove(id);
    expect(await reviews.version()).toBe(v0 + 4);
    expect(await reviews.publish('nadie', later(4))).toBe(false);
    expect(await reviews.version()).toBe(v0 + 4);
  });

  it('the booking purge keeps a published review, without its booking, the phone or the links; a hidden one loses its text', async () => {
    const { database, bookings, reviews, done } = await setup(engine);
    const old = { endsAt: '2025-01-10T16:00:00.000Z', day: '2025-01-10' };
    const published = await done(1, old);
    const hidden = await done(2, old);
    const fresh = await done(3);
    for (const [b, body] of [
      [published, 'Excelente'],
      [hidden, 'Un insulto'],
      [fresh, 'Reciente'],
    ] as const)
      await reviews.save(b.id, { stars: 5, body, author: 'Ana G.' }, subject, AT);
    const idOf = async (b: NewBooking) => (await reviews.findByBooking(b.id))?.id ?? '';
    const publishedId = await idOf(published);
    const hiddenId = await idOf(hidden);
    await reviews.publish(publishedId, AT);
    await reviews.hide(hiddenId, 'insultos', AT);
    await reviews.addLink('h-old', published.id, AT, later(60 * 24 * 60));
    await reviews.addLink('h-fresh', fresh.id, AT, later(60 * 24 * 60));

    expect(await bookings.purgeEndedBefore(new Date('2026-01-01T00:00:00Z'))).toBe(2);

    expect(await bookings.findById(published.id)).toBeUndefined();
    const kept = await reviews.find(publishedId);
    expect(kept).toMatchObject({ bookingId: undefined, body: 'Excelente', author: 'Ana G.' });
    expect(kept?.state.status).toBe('publicada');
    expect(await reviews.find(hiddenId)).toMatchObject({ bookingId: undefined, body: '' });
    expect(groupReviews(await reviews.decided()).get('all')?.counts.hidden.insultos).toBe(1);
    expect(await reviews.findLink('h-old')).toBeUndefined();
    expect(await reviews.findLink('h-fresh')).toBeDefined();
    expect((await reviews.findByBooking(fresh.id))?.body).toBe('Reciente');
    // Nothing in the reviews names the phone any more.
    const rows = await database.db.selectFrom('reviews').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('+5493884000000');
    expect(rows.filter((r) => r.booking_id === published.id || r.booking_id === hidden.id)).toEqual(
      [],
    );
  });
});
