/**
 * Hoy (`/panel/hoy`, where the panel opens) and the nav's counts, through the real site with a
 * signed-in session. TEST_NOW: Monday 23 November 2026, 12:00 in Jujuy (a national holiday).
 */
import { describe, expect, it } from 'vitest';
import { panelHome, panelPaths } from '../../../client/paths.ts';
import { createLogger } from '../../../server/logger.ts';
import { createQuoteService } from '../../../server/quotes/service.ts';
import { createBookingStore, type NewBooking } from '../../../store/bookings.ts';
import { createInboxStore } from '../../../store/inbox.ts';
import { createContactStore } from '../../../store/messages.ts';
import { createQuoteStore } from '../../../store/quotes.ts';
import { createReviewStore } from '../../../store/reviews.ts';
import { storedBooking } from '../../helpers/bookings.ts';
import { decodeEntities, textOf } from '../../helpers/html.ts';
import { panelSite } from '../../helpers/panel.ts';
import { sampleQuoteDraft } from '../../helpers/quotes.ts';
import { TEST_NOW } from '../../helpers/sample.ts';

const MORNING = { startsAt: 'T12:00:00.000Z', endsAt: 'T16:00:00.000Z' };
const AFTERNOON = { startsAt: 'T17:00:00.000Z', endsAt: 'T21:00:00.000Z' };

/** Booking `n` on `day` in a window; ids as the site makes them (UUIDs). */
function booking(n: number, day: string, slot: 'manana' | 'tarde', over: Partial<NewBooking> = {}) {
  const hours = slot === 'manana' ? MORNING : AFTERNOON;
  return storedBooking(n, {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    createdAt: '2026-11-20T15:00:00.000Z',
    day,
    slot,
    startsAt: `${day}${hours.startsAt}`,
    endsAt: `${day}${hours.endsAt}`,
    ...over,
  });
}

/** The text of the nav's link to `href`, as a screen reader reads it (tags dropped, nothing added). */
function navLinkText(html: string, href: string): string {
  const nav = /<nav aria-label="Panel"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  const link = new RegExp(`<a href="${href}"[^>]*>([\\s\\S]*?)</a>`).exec(nav)?.[1] ?? '';
  return decodeEntities(link.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ''));
}

async function seeded() {
  const panel = await panelSite();
  const { database } = panel;
  const bookings = createBookingStore(database);
  // Today (the holiday keeps the bookings made before it): one reminded in the morning.
  await bookings.book(booking(1, '2026-11-23', 'manana'), 3, undefined);
  await bookings.markReminded(booking(1, '', 'manana').id, 'recordatorio', TEST_NOW);
  // Tomorrow: one confirmed in the afternoon at home, one cancelled in the morning.
  await bookings.book(
    booking(2, '2026-11-24', 'tarde', { place: 'domicilio', locality: 'Palpalá' }),
    2,
    undefined,
  );
  await bookings.setStatus(booking(2, '', 'tarde').id, 'confirmado', TEST_NOW);
  await bookings.book(booking(3, '2026-11-24', 'manana'), 3, undefined);
  await bookings.cancel(booking(3, '', 'manana').id, TEST_NOW);

  // Messages: two never shown, one read.
  const contact = createContactStore(database);
  for (const n of [1, 2, 3]) {
    await contact.insert({
      id: `11111111-1111-4111-8111-11111111111${n}`,
      receivedAt: new Date(TEST_NOW.getTime() - n * 60_000).toISOString(),
      name: `Persona ${n}`,
      email: `persona${n}@example.com`,
      message: `Mensaje ${n}`,
    });
  }
  await createInboxStore(database).markRead(['11111111-1111-4111-8111-111111111113'], TEST_NOW);

  // Quotes: one of 10 days ago, one of yesterday booked, one of yesterday waiting.
  const quoteStore = createQuoteStore(database);
  const quotes = createQuoteService({
    store: quoteStore,
    logger: createLogger('silent'),
    now: () => TEST_NOW,
  });
  const issue = (issuedAt: string) => quotes.issue({ ...sampleQuoteDraft(), issuedAt });
  await issue('2026-11-13T15:00:00.000Z'); // P-2026-000001: older than 7 days
  await issue('2026-11-22T14:00:00.000Z'); // P-2026-000002: booked below
  await issue('2026-11-22T15:00:00.000Z'); // P-2026-000003: waits
  await bookings.book(
    booking(4, '2026-11-25', 'manana', { quoteNumber: 'P-2026-000002', formToken: 'q-2' }),
    3,
    undefined,
  );

  // A review of a done job, not yet published or refused.
  const done = booking(5, '2026-11-18', 'manana');
  await bookings.book(done, 3, undefined);
  await bookings.setStatus(done.id, 'hecho', TEST_NOW);
  await createReviewStore(database).save(
    done.id,
    { stars: 5, body: 'Muy bien', author: 'Ana' },
    { job: 'parabrisas', car: 'Peugeot 208', product: undefined, jobMonth: '2026-11' },
    TEST_NOW,
  );

  const owner = await panel.signIn();
  return { ...panel, owner, bookings };
}

describe('Hoy', () => {
  it('is where the panel opens after signing in', async () => {
    const { owner } = await seeded();
    expect(panelHome).toBe(panelPaths.today);
    await owner.get(panelPaths.signIn).expect(303).expect('Location', panelPaths.today);
  });

  it("shows today's and tomorrow's bookings by window with their state; a cancelled one has no reminder", async () => {
    const { owner } = await seeded();
    const res = await owner.get(panelPaths.today).expect(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const text = textOf(res.text);
    expect(text).toContain('Hoy, lunes 23 de noviembre');
    expect(text).toContain('Día de la Soberanía Nacional');
    expect(text).toMatch(
      /Hoy, lunes 23 de noviembre .*Por la mañana \(9 a 13 h\) Cliente 1 Pendiente Recordado Cambio de parabrisas · Parabrisas Peugeot 208 · En el taller/,
    );
    expect(text).toMatch(
      /Mañana, martes 24 de noviembre .*Por la mañana \(9 a 13 h\) Cliente 3 Cancelado .*Por la tarde \(14 a 18 h\) Cliente 2 Confirmado .*A domicilio en Palpalá Recordar por WhatsApp/,
    );
    // One tap to each booking in its day of the agenda.
    for (const [n, day] of [
      [1, '2026-11-23'],
      [2, '2026-11-24'],
      [3, '2026-11-24'],
    ] as const) {
      const id = booking(n, day, 'manana').id;
      expect(res.text).toContain(
        `href="${panelPaths.bookings}?dia=${day}&amp;vista=dia#turno-${id}"`,
      );
    }
    // Reminders: the reminded one again, the confirmed one, never the cancelled one.
    const reminders = [...res.text.matchAll(/href="\/panel\/turnos\/recordar\?turno=([^"]+)"/g)];
    expect(reminders.map((m) => m[1])).toEqual([
      booking(1, '', 'manana').id,
      booking(2, '', 'tarde').id,
    ]);
    expect(text).toContain('Recordar otra vez por WhatsApp');
    // Nothing of the other days.
    expect(text).not.toContain('Cliente 4');
    expect(text).not.toContain('Cliente 5');
  });

  it('lists what waits, each linked to its screen: new messages, fresh quotes without a booking, reviews', async () => {
    const { owner } = await seeded();
    const res = await owner.get(panelPaths.today).expect(200);
    const main = /<main[\s\S]*<\/main>/.exec(res.text)?.[0] ?? '';
    const text = textOf(main);
    expect(main).toMatch(new RegExp(`<a href="${panelPaths.messages}">2 mensajes sin leer</a>`));
    expect(main).toMatch(
      new RegExp(
        `<a href="${panelPaths.quotes}">1 presupuesto de los últimos 7 días sin turno</a>`,
      ),
    );
    expect(main).toMatch(new RegExp(`<a href="${panelPaths.reviews}">1 opinión para revisar</a>`));
    // The waiting quote, with "Pasar a turno"; not the booked one, not the old one.
    expect(main).toContain(`href="${panelPaths.quoteBooking}?numero=P-2026-000003"`);
    expect(text).not.toContain('P-2026-000002');
    expect(text).not.toContain('P-2026-000001');
    // The backup line (a test site makes no backups).
    expect(text).toContain('copias de seguridad');
  });

  it('counts what waits in the nav: "Mensajes 2" read as "Mensajes, 2 sin leer", on every screen', async () => {
    const { owner } = await seeded();
    for (const path of [panelPaths.today, panelPaths.account, panelPaths.bookings]) {
      const html = (await owner.get(path).expect(200)).text;
      expect(navLinkText(html, panelPaths.messages)).toBe('Mensajes, 2 sin leer');
      expect(navLinkText(html, panelPaths.quotes)).toBe('Presupuestos, 1 sin turno');
      expect(navLinkText(html, panelPaths.reviews)).toBe('Opiniones, 1 para revisar');
      expect(navLinkText(html, panelPaths.bookings)).toBe('Turnos');
      // The count is what shows; the rest is for screen readers only.
      expect(html).toContain('<span class="panel-count">2</span>');
      // Hoy comes first.
      const nav = /<nav aria-label="Panel"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
      expect(/<a href="([^"]+)"/.exec(nav)?.[1]).toBe(panelPaths.today);
    }
    const hoy = (await owner.get(panelPaths.today)).text;
    expect(hoy).toMatch(new RegExp(`<a href="${panelPaths.today}" aria-current="page">Hoy</a>`));
  });

  it('the counts follow: the inbox read, the quote booked, the review decided', async () => {
    const { owner, bookings, database } = await seeded();
    await owner.get(panelPaths.messages).expect(200); // shows them: read from now on
    await bookings.book(
      booking(6, '2026-11-26', 'manana', { quoteNumber: 'P-2026-000003', formToken: 'q-3' }),
      3,
      undefined,
    );
    const review = (await createReviewStore(database).list(0, 10))[0];
    await owner.post(panelPaths.reviews, { id: review?.id ?? '', accion: 'publicar' }).expect(303);
    const html = (await owner.get(panelPaths.today).expect(200)).text;
    expect(navLinkText(html, panelPaths.messages)).toBe('Mensajes');
    expect(navLinkText(html, panelPaths.quotes)).toBe('Presupuestos');
    expect(navLinkText(html, panelPaths.reviews)).toBe('Opiniones');
    const text = textOf(html);
    expect(text).toContain('No hay mensajes nuevos.');
    expect(text).toContain('No hay presupuestos de los últimos 7 días sin turno.');
    expect(text).toContain('No hay opiniones para revisar.');
  });

  it('says plainly when there is nothing', async () => {
    const panel = await panelSite();
    const owner = await panel.signIn();
    const text = textOf((await owner.get(panelPaths.today).expect(200)).text);
    expect(text).toContain('Hoy no hay turnos.');
    expect(text).toContain('Mañana no hay turnos.');
    expect(text).toContain('No hay mensajes nuevos.');
    expect(text).not.toContain('Recordar por WhatsApp');
  });
});
