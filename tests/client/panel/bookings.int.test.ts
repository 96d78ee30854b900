/**
 * The owner's agenda (`/panel/turnos`) and the calendar feed, through the real site with a
 * signed-in session (tests/helpers/panel.ts). TEST_NOW: Monday 23 November 2026 (a holiday).
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import ICAL from 'ical.js';
import { panelPaths } from '../../../client/paths.ts';
import { createBookingStore, type NewBooking } from '../../../store/bookings.ts';
import { storedBooking } from '../../helpers/bookings.ts';
import { textOf } from '../../helpers/html.ts';
import { panelSite } from '../../helpers/panel.ts';
import { nuErrors } from '../../helpers/nu-checker.ts';
import { SITE_URL } from '../../helpers/app.ts';

/** Tuesday 24 November, the day after TEST_NOW; ids as the site makes them (UUIDs). */
const booking = (n: number, over: Partial<NewBooking> = {}): NewBooking =>
  storedBooking(n, {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    createdAt: '2026-11-23T15:00:00.000Z',
    day: '2026-11-24',
    startsAt: '2026-11-24T12:00:00.000Z',
    endsAt: '2026-11-24T16:00:00.000Z',
    glass: 'Parabrisas Ford Fiesta',
    availability: undefined,
    ...over,
  });

async function setup() {
  const panel = await panelSite();
  const store = createBookingStore(panel.database);
  await store.book(booking(1), 3, { text: 'x' });
  await store.book(booking(2, { slot: 'tarde', place: 'domicilio', locality: 'Palpalá' }), 2, {
    text: 'x',
  });
  const owner = await panel.signIn();
  return { ...panel, store, owner };
}

describe('/panel/turnos', () => {
  it('shows the week with each booking, places taken, and the holiday', async () => {
    const { owner } = await setup();
    const res = await owner.get(panelPaths.bookings).expect(200);
    const text = textOf(res.text);
    expect(text).toContain('Lunes 23 de noviembre (23/11/2026)');
    expect(text).toContain('Día de la Soberanía Nacional');
    expect(text).toContain('Mañana: Cliente 1 Pendiente');
    expect(text).toContain('Mañana: en el taller 1 de 3, a domicilio 0 de 2');
    expect(text).toContain('A domicilio en Palpalá');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('Confirmar, Hecho, Cancelar (frees the place; then a WhatsApp link to tell the customer)', async () => {
    const { owner, store } = await setup();
    const id = booking(1).id;
    const back = { dia: '2026-11-24', vista: 'dia' };
    await owner.post(panelPaths.bookings, { ...back, accion: 'confirmar', id }).expect(303);
    expect((await store.findById(id))?.status).toBe('confirmado');
    await owner.post(panelPaths.bookings, { ...back, accion: 'cancelar', id }).expect(303);
    expect((await store.findById(id))?.status).toBe('cancelado');
    expect(
      (await store.takenBetween('2026-11-24', '2026-11-24')).find((t) => t.slot === 'manana')
        ?.taken,
    ).toBe(0);
    const page = await owner.get(`${panelPaths.bookings}?dia=2026-11-24&vista=dia`).expect(200);
    expect(textOf(page.text)).toContain('Avisarle por WhatsApp');
    expect(page.text).toContain(
      encodeURIComponent('tuvimos que cancelar tu turno del martes 24 de noviembre'),
    );
    await owner.post(panelPaths.bookings, { ...back, accion: 'hecho', id }).expect(409);
    await owner
      .post(panelPaths.bookings, { ...back, accion: 'hecho', id: booking(2).id })
      .expect(303);
    expect((await store.findById(booking(2).id))?.status).toBe('hecho');
  });

  it("closes a day or a window and changes a day's places; the visitor's form follows", async () => {
    const { owner, site } = await setup();
    const changes: [Record<string, string>, number][] = [
      [{ dia: '2026-11-25', accion: 'cerrar', horario: 'dia' }, 303],
      [{ dia: '2026-11-26', accion: 'cerrar', horario: 'tarde' }, 303],
      [{ dia: '2026-11-27', accion: 'lugares', lugar: 'taller', cantidad: '1' }, 303],
      [{ dia: '2026-11-27', accion: 'lugares', lugar: 'taller', cantidad: 'muchos' }, 400],
    ];
    for (const [change, status] of changes) {
      await owner.post(panelPaths.bookings, { vista: 'dia', ...change }).expect(status);
    }
    const form = await request(site.listener)
      .get('/turnos')
      .query({ que: 'polarizado', lugar: 'taller' });
    expect(form.text).not.toContain('value="2026-11-25/');
    expect(form.text).toContain('value="2026-11-26/manana"');
    expect(form.text).not.toContain('value="2026-11-26/tarde"');
    expect(textOf(form.text)).toContain('viernes 27 de noviembre Mañana (9 a 13 h) queda 1 lugar');
  });

  it('the calendar feed: a private address, same UIDs, cancelled as CANCELLED, ETag; "Renovar" ends the old one', async () => {
    const { owner, site } = await setup();
    await owner.post(panelPaths.bookings, { accion: 'renovar' }).expect(303);
    const page = textOf((await owner.get(panelPaths.bookings).expect(200)).text);
    const address =
      /https:\/\/parabrisas\.test(\/turnos\/calendario\/[A-Za-z0-9_-]{43}\/turnos\.ics)/.exec(page);
    expect(address?.[1]).toBeDefined();
    const path = address?.[1] ?? '';
    await owner.post(panelPaths.bookings, { accion: 'cancelar', id: booking(2).id }).expect(303);

    const feed = await request(site.listener).get(path).expect(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    const etag = feed.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    await request(site.listener)
      .get(path)
      .set('If-None-Match', etag ?? '')
      .expect(304);
    const events = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent');
    expect(
      events.map((e) => [e.getFirstPropertyValue('uid'), e.getFirstPropertyValue('status')]),
    ).toEqual([
      [`turno-${booking(1).id}@parabrisas.test`, 'TENTATIVE'],
      [`turno-${booking(2).id}@parabrisas.test`, 'CANCELLED'],
    ]);
    expect(events[0]?.getFirstPropertyValue('summary')).toBe('Cliente 1: Cambio de parabrisas');
    expect(String(events[0]?.getFirstPropertyValue('description'))).toContain('+5493884000000');

    await owner.post(panelPaths.bookings, { accion: 'renovar' }).expect(303);
    await request(site.listener).get(path).expect(404);
    await request(site.listener)
      .get(`/turnos/calendario/${'a'.repeat(43)}/turnos.ics`)
      .expect(404);
  });

  it(
    'Nu HTML Checker: zero errors on the week and on a day with its controls',
    { timeout: 60_000, tags: ['java'] },
    async () => {
      const { owner } = await setup();
      const week = (await owner.get(panelPaths.bookings).expect(200)).text;
      const day = (await owner.get(`${panelPaths.bookings}?dia=2026-11-24&vista=dia`).expect(200))
        .text;
      expect(await nuErrors({ semana: week, dia: day })).toEqual([]);
    },
  );

  it('needs a session and a same-origin token', async () => {
    const { site, owner } = await setup();
    const anonymous = await request(site.listener).get(panelPaths.bookings);
    expect([302, 303]).toContain(anonymous.status);
    const forged = await request(site.listener)
      .post(panelPaths.bookings)
      .set('Cookie', owner.cookie)
      .set('Origin', SITE_URL)
      .type('form')
      .send({ accion: 'renovar' });
    expect(forged.status).toBe(403);
  });
});

describe('"Recordar por WhatsApp"', () => {
  it("tomorrow's booking: the redirect marks it Recordado and opens wa.me with the text and a working private link", async () => {
    const { owner, site, store } = await setup();
    await store.book(
      booking(3, {
        id: '00000000-0000-4000-8000-000000000009',
        day: '2026-11-30',
        formToken: 'f9',
        manageTokenHash: 'h9',
      }),
      3,
      { text: 'x' },
    );
    const agenda = await owner.get(`${panelPaths.bookings}?dia=2026-11-24&vista=dia`).expect(200);
    const link = `${panelPaths.bookingReminder}?turno=${booking(1).id}`;
    expect(agenda.text).toContain(`href="${link}"`);
    expect(textOf(agenda.text)).toContain('Recordar por WhatsApp');
    // A booking a week away has no reminder yet.
    const later = await owner.get(`${panelPaths.bookings}?dia=2026-11-30&vista=dia`).expect(200);
    expect(later.text).not.toContain(panelPaths.bookingReminder);

    const res = await owner.get(link).expect(303);
    const wa = new URL(res.headers.location ?? '');
    expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/5493884000000');
    const text = wa.searchParams.get('text') ?? '';
    expect(text).toContain('Hola Cliente 1, te escribimos de');
    expect(text).toContain(
      'para recordarte tu turno: martes 24 de noviembre, mañana (de 9 a 13 h).',
    );
    expect(text).toContain('Dónde: En el taller (');
    expect(text).toContain('Tené a mano: tu DNI y la cédula del auto.');
    const manage = /Si necesitás cambiarlo o cancelarlo: (\S+)$/.exec(text)?.[1] ?? '';
    expect(manage.startsWith(`${SITE_URL}/turnos/turno/`)).toBe(true);
    // The reminder's private link opens the booking (the first link keeps working too).
    const page = await request(site.listener).get(new URL(manage).pathname).expect(200);
    expect(textOf(page.text)).toContain('martes 24 de noviembre');

    const after = textOf((await owner.get(`${panelPaths.bookings}?dia=2026-11-24&vista=dia`)).text);
    expect(after).toContain('Mañana: Cliente 1 Pendiente Recordado');
    expect(after).toContain('Recordar otra vez por WhatsApp');
    expect((await store.findById(booking(1).id))?.remindedAt).toBeDefined();

    // A cancelled booking has no reminder; the redirect goes back to the agenda.
    await store.cancel(booking(2).id, new Date());
    const gone = await owner
      .get(`${panelPaths.bookingReminder}?turno=${booking(2).id}`)
      .expect(303);
    expect(gone.headers.location).toBe(panelPaths.bookings);
    // From another site: refused.
    await owner.get(link).set('Sec-Fetch-Site', 'cross-site').expect(403);
  });
});
