/**
 * `/turnos` through the real site (testSite: createSite, SQLite in memory, TEST_NOW =
 * Monday 23 November 2026, 12:00 in Jujuy, a national holiday): the form without JavaScript,
 * booking, the messages, the private page, cancelling, the `.ics`.
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import ICAL from 'ical.js';
import { SITE_URL, testApp } from '../../helpers/app.ts';
import { decodeEntities, textOf } from '../../helpers/html.ts';
import { openMemoryDatabase } from '../../../store/open.ts';
import { createContactStore } from '../../../store/messages.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import type { SiteDatabase } from '../../../store/schema.ts';

async function setup() {
  const database = await openMemoryDatabase();
  const app = await testApp({ database, bookingRateLimit: { max: 1000, windowMs: 60_000 } });
  return { app, database };
}

/** The token the GET form carries. */
function formToken(html: string): string {
  const match = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(html);
  if (!match?.[1]) throw new Error('no form token on the page');
  return match[1];
}

const product = { que: 'parabrisas', marca: 'ford', modelo: 'fiesta', lugar: 'taller' };

async function bookingForm(
  app: Awaited<ReturnType<typeof setup>>['app'],
  query: Record<string, string> = product,
) {
  const res = await request(app).get('/turnos').query(query);
  expect(res.status).toBe(200);
  return { html: res.text, token: formToken(res.text) };
}

function post(app: Awaited<ReturnType<typeof setup>>['app'], form: Record<string, string>) {
  return request(app).post('/turnos').type('form').set('Origin', SITE_URL).send(form);
}

const who = { nombre: 'Ana Gómez', telefono: '0388 15 412-3456', patente: 'AB 123 CD', notas: '' };

async function bookings(database: SiteDatabase) {
  return createBookingStore(database).listBetween('2026-01-01', '2027-12-31');
}

describe('/turnos without JavaScript', () => {
  it('asks what and where first; with them, shows the days from the next working day with places left', async () => {
    const { app } = await setup();
    const bare = await request(app).get('/turnos');
    expect(bare.status).toBe(200);
    expect(bare.headers['cache-control']).toContain('no-store');
    expect(bare.text).toContain('Qué hacemos');
    expect(bare.text).not.toContain('Reservar turno');

    const { html } = await bookingForm(app);
    const text = decodeEntities(html);
    expect(text).toContain('Parabrisas Ford Fiesta');
    // The URL's slugs ("ford", "fiesta") show as the catalogue names them.
    expect(text).toMatch(/<input[^>]*name="marca"[^>]*value="Ford"/);
    expect(text).toMatch(/<input[^>]*name="modelo"[^>]*value="Fiesta"/);
    // Monday 23 November is a holiday: the first day is Tuesday 24.
    expect(textOf(html)).toContain('El primer día posible es el martes 24 de noviembre');
    expect(text).toContain('value="2026-11-24/manana"');
    expect(text).toContain('quedan 3 lugares');
    expect(text).not.toContain('2026-11-29/'); // Sunday
    expect(text).toContain('value="2026-11-28/manana"');
    expect(text).not.toContain('value="2026-11-28/tarde"'); // Saturday afternoon
  });

  it('"Pedir turno" on a product page and on each version opens the form with that glass', async () => {
    const { app } = await setup();
    const plain = await request(app).get('/parabrisa/ford/fiesta');
    expect(decodeEntities(plain.text)).toContain(
      'href="/turnos?que=parabrisas&marca=ford&modelo=fiesta"',
    );
    const versions = decodeEntities((await request(app).get('/parabrisa/chevrolet/onix')).text);
    const link =
      '/turnos?que=parabrisas&marca=chevrolet&modelo=onix&version=2013-2019-original-agc';
    expect(versions).toContain(`href="${link}"`);
    const form = await request(app).get(link);
    expect(textOf(form.text)).toContain('Parabrisas Chevrolet Onix · 2013 a 2019');
    expect(textOf(form.text)).toContain('(A pedido (5 días))');
  });

  it('a version "a pedido 5 días" starts five working days later', async () => {
    const { app } = await setup();
    const { html } = await bookingForm(app, {
      ...product,
      marca: 'chevrolet',
      modelo: 'onix',
      version: '2013-2019-original-agc',
    });
    // Working days after Monday 23 (holiday): 24, 25, 26, 27, 28 -> Saturday 28.
    expect(textOf(html)).toContain('El primer día posible es el sábado 28 de noviembre');
    expect(html).not.toContain('value="2026-11-27/manana"');
  });

  it('books: 303 to the private page, stored with its e-mail in the outbox; the page, the .ics', async () => {
    const { app, database } = await setup();
    const { token } = await bookingForm(app);
    const res = await post(app, { ...product, token, turno: '2026-11-24/tarde', ...who });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/turnos/turno/${token}?nuevo=1`);
    const [stored] = await bookings(database);
    expect(stored).toMatchObject({
      day: '2026-11-24',
      slot: 'tarde',
      place: 'taller',
      phone: '+5493884123456',
      plate: 'AB123CD',
      startsAt: '2026-11-24T17:00:00.000Z',
      endsAt: '2026-11-24T21:00:00.000Z',
      status: 'pendiente',
      // The car as the catalogue names it: a review of the job shows on its product page.
      car: { name: 'Ford Fiesta', brandSlug: 'ford', modelSlug: 'fiesta' },
    });
    // The token is stored hashed only.
    const raw = await database.db.selectFrom('bookings').selectAll().execute();
    expect(JSON.stringify(raw)).not.toContain(token);
    const outbox = await createContactStore(database).list();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.kind).toBe('booking');
    expect(outbox[0]?.message).toContain('Cuándo: martes 24 de noviembre, tarde (14 a 18 h)');
    expect(outbox[0]?.message).toContain('https://wa.me/5493884123456');

    const page = await request(app).get(res.headers.location ?? '');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    const text = decodeEntities(page.text);
    expect(text).toContain('¡Listo! Tu turno quedó reservado');
    expect(textOf(page.text)).toContain('martes 24 de noviembre, tarde (14 a 18 h), 24/11/2026');
    expect(text).toContain('noindex');
    expect(text).toContain(`href="/turnos/turno/${token}/turno.ics"`);
    expect(text).toContain('https://wa.me/5493884123456?text=');

    const ics = await request(app).get(`/turnos/turno/${token}/turno.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(ics.text));
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT in the .ics');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`turno-${stored?.id}@parabrisas.test`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-24T17:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-24T21:00:00.000Z');
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.summary).toBe('Cambio de parabrisas en Parabrisas Jujuy');
    expect(event.location).toContain('Av. Fascio 1250');
    expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
  });

  it('a double submit books once and lands on the same page', async () => {
    const { app, database } = await setup();
    const { token } = await bookingForm(app);
    const form = { ...product, token, turno: '2026-11-24/manana', ...who };
    const [a, b] = await Promise.all([post(app, form), post(app, form)]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.location).toBe(b.headers.location);
    expect(await bookings(database)).toHaveLength(1);
  });

  it('bad input: a message next to each field, the rest kept (422)', async () => {
    const { app, database } = await setup();
    const { token } = await bookingForm(app);
    const res = await post(app, {
      ...product,
      token,
      turno: '2026-11-29/manana',
      nombre: 'Ana Gómez',
      telefono: '15 412',
      patente: '',
    });
    expect(res.status).toBe(422);
    const text = decodeEntities(res.text);
    expect(text).toContain('Ese día no abrimos.');
    expect(text).toContain('Ese teléfono no parece completo');
    expect(text).toContain('value="Ana Gómez"');
    expect(text).toMatch(
      /id="turno-telefono"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="turno-telefono"/,
    );
    expect(await bookings(database)).toHaveLength(0);

    const holiday = await post(app, { ...product, token, turno: '2026-12-08/manana', ...who });
    expect(decodeEntities(holiday.text)).toContain(
      'Ese día es feriado (Inmaculada Concepción de María).',
    );
    const past = await post(app, { ...product, token, turno: '2026-11-20/manana', ...who });
    expect(decodeEntities(past.text)).toContain('Ese día ya pasó');
    const unknown = await post(app, {
      ...product,
      modelo: 'Batimóvil',
      token,
      turno: '2026-11-24/manana',
      ...who,
    });
    expect(unknown.status).toBe(422);
    expect(decodeEntities(unknown.text)).toContain('No encontramos el parabrisas de ese modelo');
  });

  it('a "consultar" locality links to WhatsApp instead of the calendar', async () => {
    const { app } = await setup();
    const res = await request(app)
      .get('/turnos')
      .query({ que: 'polarizado', lugar: 'domicilio', localidad: 'Tilcara' });
    const text = decodeEntities(res.text);
    expect(text).toContain('A Tilcara vamos a consultar');
    expect(text).toContain('Consultar por WhatsApp');
    expect(text).not.toContain('Reservar turno');
  });

  it('the last place taken meanwhile: "ese horario se acaba de ocupar", the form kept, free windows offered (409)', async () => {
    const { app, database } = await setup();
    const store = createBookingStore(database);
    await store.setDayPlaces('2026-11-24', 'taller', 1);
    const first = await bookingForm(app);
    const second = await bookingForm(app);
    expect(decodeEntities(second.html)).toContain('queda 1 lugar');
    expect(
      (await post(app, { ...product, token: first.token, turno: '2026-11-24/manana', ...who }))
        .status,
    ).toBe(303);
    const late = await post(app, {
      ...product,
      token: second.token,
      turno: '2026-11-24/manana',
      ...who,
      nombre: 'Beto',
    });
    expect(late.status).toBe(409);
    const text = decodeEntities(late.text);
    expect(text).toContain('Ese horario se acaba de ocupar');
    expect(text).toContain('value="Beto"');
    expect(textOf(late.text)).toContain('Próximos con lugar: martes 24 de noviembre, tarde');
    expect(text).toMatch(
      /value="2026-11-24\/manana" disabled=""|disabled="" [^>]*value="2026-11-24\/manana"/,
    );
  });

  it('cancelling through the private link frees the place at once', async () => {
    const { app, database } = await setup();
    await createBookingStore(database).setDayPlaces('2026-11-24', 'taller', 1);
    const { token } = await bookingForm(app);
    await post(app, { ...product, token, turno: '2026-11-24/manana', ...who });
    expect(textOf((await bookingForm(app)).html)).toContain(
      'martes 24 de noviembre Mañana (9 a 13 h) completo',
    );
    const cancel = await request(app)
      .post(`/turnos/turno/${token}`)
      .type('form')
      .set('Origin', SITE_URL)
      .send({ accion: 'cancelar' });
    expect(cancel.status).toBe(303);
    const page = await request(app).get(`/turnos/turno/${token}`);
    expect(decodeEntities(page.text)).toContain('Turno cancelado');
    expect(decodeEntities((await bookingForm(app)).html)).toContain('queda 1 lugar');
    expect((await bookings(database))[0]?.status).toBe('cancelado');
  });

  it('the sitemap lists /turnos; robots keeps private links and the feed out', async () => {
    const { app } = await setup();
    expect((await request(app).get('/sitemap.xml')).text).toContain(
      `<loc>${SITE_URL}/turnos</loc>`,
    );
    const robots = (await request(app).get('/robots.txt')).text;
    expect(robots).toContain('Disallow: /turnos/turno/\n');
    expect(robots).toContain('Disallow: /turnos/calendario/\n');
  });

  it('GET /api/turnos: the free windows as JSON for the island (null when the choices are incomplete)', async () => {
    const { app } = await setup();
    const res = await request(app)
      .get('/api/turnos')
      .query({ ...product, lugar: 'domicilio', localidad: 'Palpalá' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.days[0]).toMatchObject({
      day: '2026-11-24',
      windows: [
        { window: { id: 'manana' }, places: 2, left: 2 },
        { window: { id: 'tarde' }, places: 2, left: 2 },
      ],
    });
    expect((await request(app).get('/api/turnos').query({ que: 'parabrisas' })).body).toEqual({
      days: null,
    });
  });

  it('moving through the private link takes the new place first; a full window is refused (409)', async () => {
    const { app, database } = await setup();
    await createBookingStore(database).setDayPlaces('2026-11-25', 'taller', 0);
    const { token } = await bookingForm(app);
    await post(app, { ...product, token, turno: '2026-11-24/manana', ...who });
    const move = (turno: string) =>
      request(app)
        .post(`/turnos/turno/${token}`)
        .type('form')
        .set('Origin', SITE_URL)
        .send({ accion: 'cambiar', turno });
    const full = await move('2026-11-25/manana');
    expect(full.status).toBe(409);
    expect(textOf(full.text)).toContain('Ese horario se acaba de ocupar: elegí otro.');
    expect((await move('2026-11-26/tarde')).status).toBe(303);
    const page = textOf((await request(app).get(`/turnos/turno/${token}`)).text);
    expect(page).toContain('jueves 26 de noviembre, tarde (14 a 18 h)');
    const taken = await createBookingStore(database).takenBetween('2026-11-24', '2026-11-26');
    expect(taken.find((t) => t.day === '2026-11-24')?.taken).toBe(0);
    expect(taken.find((t) => t.day === '2026-11-26')?.taken).toBe(1);
  });

  it('an unknown private link is a 404; a cross-site POST is refused', async () => {
    const { app } = await setup();
    expect((await request(app).get(`/turnos/turno/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await request(app).get(`/turnos/turno/${'x'.repeat(43)}/turno.ics`)).status).toBe(404);
    const res = await request(app)
      .post('/turnos')
      .type('form')
      .set('Origin', 'https://evil.example')
      .send({ ...product });
    expect(res.status).toBe(403);
  });
});
