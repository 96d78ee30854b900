/**
 * TEST DATA ONLY: done bookings with reviews in a DATA_DIR's SQLite database, before the built
 * server starts there (browser tests, screenshots, the Lighthouse audit). Never run it against
 * a real site: decision 25 says reviews are real or absent.
 *
 * Seven published (windshields of a Peugeot 208 with versions and a Ford Fiesta, a rear
 * window, a repair, a tint; one answered), one new, two not published; and a done booking
 * with a review link and no review yet, whose token opens the form.
 */
import { openDatabase } from '../../store/open.ts';
import { createBookingStore, type BookedCar, type NewBooking } from '../../store/bookings.ts';
import { createReviewStore } from '../../store/reviews.ts';
import type { HideReason } from '../../store/schema.ts';
import { hashToken, newToken } from '../../server/bookings/tokens.ts';
import { storedBooking } from './bookings.ts';

const PEUGEOT: BookedCar = { name: 'Peugeot 208', brandSlug: 'peugeot', modelSlug: '208' };
const FIESTA: BookedCar = { name: 'Ford Fiesta', brandSlug: 'ford', modelSlug: 'fiesta' };

type Seeded = {
  readonly job: string;
  readonly car: BookedCar | undefined;
  readonly stars: number;
  readonly body: string;
  readonly author: string;
  readonly state: 'publicada' | 'nueva' | HideReason;
  readonly answer?: string;
};

const SEEDED: readonly Seeded[] = [
  {
    job: 'parabrisas',
    car: PEUGEOT,
    stars: 5,
    body: 'Me lo cambiaron en el taller en una hora y media. Quedó perfecto, sin ruidos ni filtraciones con la lluvia de ayer.',
    author: 'Laura M.',
    state: 'publicada',
    answer: '¡Gracias, Laura! Cualquier cosa, acá estamos.',
  },
  {
    job: 'parabrisas',
    car: PEUGEOT,
    stars: 4,
    body: 'Buen trabajo y buen precio. Tardaron un poco más de lo que dijeron porque el cristal llegó tarde.',
    author: 'Martín R.',
    state: 'publicada',
  },
  { job: 'parabrisas', car: PEUGEOT, stars: 5, body: '', author: 'Sofía', state: 'publicada' },
  {
    job: 'parabrisas',
    car: FIESTA,
    stars: 5,
    body: 'Vinieron a casa, súper prolijos.',
    author: 'Carlos P.',
    state: 'publicada',
  },
  {
    job: 'luneta',
    car: PEUGEOT,
    stars: 4,
    body: 'La luneta térmica funciona bien, me revisaron la conexión del desempañador.',
    author: 'Gabriela T.',
    state: 'publicada',
  },
  {
    job: 'reparacion',
    car: undefined,
    stars: 3,
    body: 'El piquete casi no se ve, pero la marca sigue un poco.',
    author: 'Diego',
    state: 'publicada',
  },
  {
    job: 'polarizado',
    car: undefined,
    stars: 5,
    body: 'Excelente atención.\nEl polarizado quedó parejo.',
    author: 'Valeria S.',
    state: 'publicada',
  },
  {
    job: 'parabrisas',
    car: FIESTA,
    stars: 4,
    body: 'Todo bien.',
    author: 'Nuevo N.',
    state: 'nueva',
  },
  { job: 'parabrisas', car: PEUGEOT, stars: 1, body: '(insultos)', author: 'X', state: 'insultos' },
  {
    job: 'luneta',
    car: PEUGEOT,
    stars: 2,
    body: 'Otra cosa',
    author: 'Y',
    state: 'no-habla-del-trabajo',
  },
];

/**
 * Seeds `dataDir` (SQLite). `formToken` opens a form still open (its booking's day is
 * `openDay`); `usedToken` is the link of a published review (no longer active).
 */
export async function seedReviews(
  dataDir: string,
  now = new Date(),
): Promise<{ formToken: string; usedToken: string; openDay: string }> {
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const bookings = createBookingStore(database);
    const reviews = createReviewStore(database);
    const month = (offset: number) => {
      const d = new Date(now.getTime() - offset * 9 * 86_400_000);
      return d.toISOString().slice(0, 10);
    };
    const book = async (n: number, over: Partial<NewBooking>) => {
      const day = month(n + 1);
      const booking = storedBooking(n, {
        id: `seed-${n}`,
        formToken: `seed-form-${n}`,
        manageTokenHash: hashToken(`seed-manage-${n}`),
        createdAt: `${day}T12:00:00.000Z`,
        day,
        startsAt: `${day}T12:00:00.000Z`,
        endsAt: `${day}T16:00:00.000Z`,
        name: `Cliente ${n}`,
        ...over,
      });
      await bookings.book(booking, 50, { text: 'seed' });
      await bookings.setStatus(booking.id, 'hecho', now);
      return booking;
    };
    for (const [i, seeded] of SEEDED.entries()) {
      const booking = await book(i + 1, {
        job: seeded.job,
        car: seeded.car,
        glass: seeded.car ? `Parabrisas ${seeded.car.name}` : undefined,
      });
      const at = new Date(now.getTime() - (SEEDED.length - i) * 3_600_000);
      await reviews.save(
        booking.id,
        { stars: seeded.stars, body: seeded.body, author: seeded.author },
        {
          job: seeded.job,
          car: seeded.car?.name,
          product: seeded.car
            ? {
                piece: seeded.job,
                brandSlug: seeded.car.brandSlug,
                modelSlug: seeded.car.modelSlug,
              }
            : undefined,
          jobMonth: booking.day.slice(0, 7),
        },
        at,
      );
      const id = (await reviews.findByBooking(booking.id))?.id ?? '';
      if (seeded.state === 'publicada') await reviews.publish(id, at);
      else if (seeded.state !== 'nueva') await reviews.hide(id, seeded.state, at);
      if (seeded.answer) await reviews.answer(id, seeded.answer, at);
    }
    const open = await book(SEEDED.length + 1, { name: 'Ana María Gómez', car: PEUGEOT });
    const formToken = newToken();
    await reviews.addLink(
      hashToken(formToken),
      open.id,
      now,
      new Date(now.getTime() + 60 * 86_400_000),
    );
    const usedToken = newToken();
    await reviews.addLink(
      hashToken(usedToken),
      'seed-1',
      now,
      new Date(now.getTime() + 60 * 86_400_000),
    );
    return { formToken, usedToken, openDay: open.day };
  } finally {
    await database.close();
  }
}
