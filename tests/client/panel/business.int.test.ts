/**
 * Datos del negocio (`/panel/negocio`) through the site, as the owner uses it: each check
 * refuses with its message and publishes nothing; a publish changes what every page says
 * (footer, tel: and wa.me, JSON-LD, the booking windows, the zones), kept pages included;
 * "Volver a esta versión" gives back the same bytes; a stale preview is refused.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { panelPaths, paths } from '../../../client/paths.ts';
import { sectionPath } from '../../../client/panel/business-form.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { storedBooking } from '../../helpers/bookings.ts';
import { SITE_URL } from '../../helpers/app.ts';
import {
  hiddenValue,
  previewFacts,
  publishFacts,
  publishPreview,
  sectionForm,
} from '../../helpers/facts.ts';
import { count, jsonLdBlocks, textOf } from '../../helpers/html.ts';
import { panelSite } from '../../helpers/panel.ts';
import { VISITOR_UA } from '../../helpers/site.ts';

const PRODUCT = '/parabrisa/peugeot/208-gt';
/** The calendar of a job without glass, in the workshop (the first days after TEST_NOW). */
const CALENDAR = `${paths.booking}?que=reparacion&lugar=taller`;
const NBSP = '\u00a0';

async function setup() {
  const panel = await panelSite();
  const owner = await panel.signIn();
  const get = (path: string) =>
    request(panel.site.listener).get(path).set('User-Agent', VISITOR_UA).expect(200);
  const version = () => panel.site.factsStore?.version();
  return { ...panel, owner, get, version };
}

const footerOf = (html: string) => html.slice(html.indexOf('<footer'));
const business = (html: string) =>
  jsonLdBlocks(html).find(
    (b): b is Record<string, unknown> =>
      typeof b === 'object' && b !== null && '@id' in b && String(b['@id']).endsWith('/#negocio'),
  );

describe('Datos del negocio: each check refuses with its message, next to its field', () => {
  it.each([
    ['contact', 'contact.phone', '123', 'Ese no es un teléfono de Argentina'],
    ['contact', 'contact.name', '  ', 'Escribí el nombre del negocio.'],
    ['contact', 'contact.instagramUrl', 'https://evil.example/taller', 'perfil de instagram.com'],
    ['contact', 'contact.facebookUrl', 'https://www.facebook.com.evil.example/x', 'facebook.com'],
    ['contact', 'contact.googleReviewsUrl', 'https://evil.example/r/x/review', 'da Google'],
    ['fiscal', 'fiscal.cuit', '20-12345678-5', 'el último número (verificador) no coincide'],
    ['fiscal', 'fiscal.dataFiscalUrl', 'https://qr.evil.example/?qr=1', 'Data Fiscal de ARCA'],
    ['hours', 'hours.0.1.opens', '12:00', 'Se superpone con el otro horario del día.'],
    ['zones', 'zones.3.fee.amount', '-18.000', 'El recargo no puede ser negativo.'],
    ['zones', 'zones.3.locality', '', 'Escribí la localidad.'],
    ['closedDays', 'closedDays.0.date', '2026-02-30', 'Esa fecha no existe.'],
    ['booking', 'booking.placesPerWindow.taller', '-1', 'no puede ser negativo'],
    ['privacy', 'privacy.responsible.name', '', 'Escribí quién responde por los datos.'],
  ] as const)('%s: %s = "%s" -> 422, nothing published', async (section, field, value, message) => {
    const { owner, site, get, version } = await setup();
    const before = (await get('/')).text;
    const res = await previewFacts(owner, site, section, { [field]: value }).expect(422);
    const id = `dato-${field.replace(/\./g, '-')}`;
    expect(textOf(res.text)).toContain(message);
    expect(textOf(res.text)).toContain('no se publicó nada');
    // The field says it is wrong and points to its message; what was typed is kept.
    expect(res.text).toMatch(
      new RegExp(`id="${id}"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*${id}-error`),
    );
    expect(res.text).toContain(`id="${id}-error"`);
    if (value.trim()) expect(res.text).toContain(`value="${value}"`);
    expect(res.text).not.toContain('name="borrador"');
    // A publish forged with the bad value is refused too.
    const forged = await owner
      .post(sectionPath(section), {
        accion: 'publicar',
        base: '0',
        borrador: JSON.stringify({ bogus: true }),
      })
      .expect(422);
    expect(textOf(forged.text)).toContain('no se pudo leer');
    expect(version()).toBe(0);
    expect((await get('/')).text).toBe(before);
  });
});

describe('Datos del negocio: a publish changes every page that states the fact', () => {
  it('the phone: footer, tel: links, the wa.me redirect and the JSON-LD of home, a product page and /turnos', async () => {
    const { owner, site, get, version } = await setup();
    for (const path of ['/', PRODUCT, CALENDAR]) {
      const html = (await get(path)).text;
      expect(footerOf(html)).toContain('href="tel:+5493884123456"');
      expect(business(html)?.telephone).toBe('+5493884123456');
    }
    const preview = await previewFacts(owner, site, 'contact', {
      'contact.phone': '(0388) 15 498-7654',
    }).expect(200);
    expect(textOf(preview.text)).toContain(
      'El teléfono pasa de (0388) 15 412-3456 a (0388) 15 498-7654.',
    );
    expect(textOf(preview.text)).toContain('Se ve en: el encabezado y el pie de todas las páginas');
    expect(version()).toBe(0);
    const published = await publishPreview(owner, 'contact', preview.text).expect(303);
    expect(published.headers.location).toBe(`${panelPaths.business}?publicado=1`);
    expect(version()).toBe(1);

    for (const path of ['/', PRODUCT, CALENDAR]) {
      const html = (await get(path)).text;
      expect(footerOf(html), path).toContain('href="tel:+5493884987654"');
      expect(footerOf(html), path).toContain('(0388) 15 498-7654');
      expect(html, path).not.toContain('+5493884123456');
      expect(business(html)?.telephone, path).toBe('+5493884987654');
    }
    const product = (await get(PRODUCT)).text;
    expect(product).toContain('<a href="tel:+5493884987654">(0388) 15 498-7654</a>');
    const redirect = await request(site.listener).get(paths.whatsappOut).expect(303);
    expect(redirect.headers.location).toBe('https://wa.me/5493884987654');
    // The activity log says who published what.
    const activity = await owner.get(panelPaths.activity).expect(200);
    expect(textOf(activity.text)).toContain('datos del negocio publicados');
    expect(textOf(activity.text)).toContain('versión 1: Contacto: El teléfono pasa de');
  });

  it('the hours: the footer, the openingHoursSpecification and the windows of /turnos', async () => {
    const { owner, site, get } = await setup();
    await publishFacts(owner, site, 'hours', { 'hours.1.1.opens': '', 'hours.1.1.closes': '' });
    const home = (await get('/')).text;
    expect(textOf(footerOf(home))).toContain('Martes 9:00 a 13:00');
    const spec = business(home)?.openingHoursSpecification;
    expect(
      Array.isArray(spec) && spec.filter((s) => JSON.stringify(s).includes('Tuesday')),
    ).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Tuesday',
        opens: '09:00',
        closes: '13:00',
      },
    ]);
    // Tuesday 24 November: its morning only.
    const calendar = (await get(CALENDAR)).text;
    expect(calendar).toContain('value="2026-11-24/manana"');
    expect(calendar).not.toContain('value="2026-11-24/tarde"');
    expect(calendar).toContain('value="2026-11-25/tarde"');
  });

  it('a new closed day removes its windows; a booking already made there stays, with a warning in the agenda', async () => {
    const { owner, site, get, database } = await setup();
    await createBookingStore(database).book(
      storedBooking(1, { day: '2026-11-25', startsAt: '2026-11-25T12:00:00.000Z' }),
      3,
      { text: 'Turno' },
    );
    expect((await get(CALENDAR)).text).toContain('value="2026-11-25/manana"');
    const form = sectionForm(site, 'closedDays');
    const rows = Number(form.filas);
    const preview = await previewFacts(owner, site, 'closedDays', {
      [`closedDays.${rows}.date`]: '2026-11-25',
      [`closedDays.${rows}.name`]: 'Inventario',
    }).expect(200);
    expect(textOf(preview.text)).toContain(
      'Se agrega el miércoles 25 de noviembre de 2026 (Inventario): ese día no se dan turnos.',
    );
    expect(textOf(preview.text)).toContain(
      'El miércoles 25 de noviembre ya tiene un turno: sigue en pie (no se borra ninguno)',
    );
    await publishPreview(owner, 'closedDays', preview.text).expect(303);

    const calendar = (await get(CALENDAR)).text;
    expect(calendar).not.toContain('value="2026-11-25/');
    expect(calendar).toContain('value="2026-11-26/manana"');
    const agenda = await owner.get(`${panelPaths.bookings}?dia=2026-11-25&vista=dia`).expect(200);
    const text = textOf(agenda.text);
    expect(text).toContain('Sin atención: Inventario');
    expect(text).toContain(
      'Este día no se atiende (Inventario), pero tiene un turno: sigue en pie.',
    );
    expect(text).toContain('Cliente 1');
    // Booking that day through the form is refused with the reason.
    const refused = await request(site.listener)
      .post(paths.booking)
      .set('Origin', SITE_URL)
      .type('form')
      .send({
        que: 'reparacion',
        lugar: 'taller',
        turno: '2026-11-25/tarde',
        nombre: 'Ana',
        telefono: '388 15 412-3456',
        token: 'a'.repeat(43),
      })
      .expect(422);
    expect(textOf(refused.text)).toContain('Ese día no atendemos (Inventario).');
  });

  it('a surcharge: the zones page, the product pages and the booking form', async () => {
    const { owner, site, get } = await setup();
    const before = textOf((await get(PRODUCT)).text);
    expect(before).toContain(`en Perico y El Carmen, recargo de $${NBSP}15.000`);
    const preview = await previewFacts(owner, site, 'zones', { 'zones.3.fee.amount': '18.000' });
    expect(preview.status).toBe(200);
    expect(textOf(preview.text)).toContain(
      `El recargo a Perico pasa de $${NBSP}15.000 a $${NBSP}18.000.`,
    );
    await publishPreview(owner, 'zones', preview.text).expect(303);
    const zones = textOf((await get(paths.homeInstallation)).text);
    expect(zones).toContain(`Perico Recargo de $${NBSP}18.000`);
    expect(zones).toContain(`El Carmen Recargo de $${NBSP}15.000`);
    for (const path of [PRODUCT, '/luneta/toyota/hilux', '/']) {
      const text = textOf((await get(path)).text);
      expect(text, path).toContain(
        `en Perico, recargo de $${NBSP}18.000; en El Carmen, recargo de $${NBSP}15.000`,
      );
    }
    expect(textOf((await get(`${paths.booking}?que=reparacion&lugar=domicilio`)).text)).toContain(
      `Perico (recargo de $${NBSP}18.000)`,
    );
  });
});

describe('Datos del negocio: what the owner types never becomes markup', () => {
  it('a name with markup is text in the pages, the JSON-LD and the hand-built error pages', async () => {
    const { owner, site, get } = await setup();
    const name = 'Taller <b>"Uno"</b> & Cía';
    await publishFacts(owner, site, 'contact', { 'contact.name': name });
    const home = (await get('/')).text;
    expect(home).not.toContain('<b>');
    expect(textOf(footerOf(home))).toContain(`© ${name}.`);
    expect(business(home)?.name).toBe(name);
    expect(home).not.toMatch(/<script type="application\/ld\+json">[^<]*<b>/);
    const refused = await request(site.listener).put('/').expect(405);
    expect(refused.text).toContain(
      '<title>Método no permitido - Taller &lt;b&gt;&quot;Uno&quot;&lt;/b&gt; &amp; Cía</title>',
    );
  });
});

describe('Datos del negocio: history and undo', () => {
  it('"Volver a esta versión" is a publish of its own, and gives back byte-identical pages', async () => {
    const { owner, site, get, version } = await setup();
    const pages = ['/', PRODUCT, paths.homeInstallation, paths.privacy];
    const before = await Promise.all(pages.map(async (p) => (await get(p)).text));
    await publishFacts(owner, site, 'zones', { 'zones.3.fee.amount': '18.000' });
    await publishFacts(owner, site, 'privacy', { 'privacy.bookingsDays': '200' });
    expect((await get(paths.privacy)).text).toContain('Los borramos a los 200 días del turno');
    expect(version()).toBe(2);

    const history = await owner.get(panelPaths.businessHistory).expect(200);
    expect(count(history.text, /Volver a esta versión/)).toBe(2);
    expect(textOf(history.text)).toContain('Versión 0');
    await owner
      .post(panelPaths.businessHistory, { accion: 'volver', version: '0' })
      .expect(303)
      .expect('Location', panelPaths.businessHistory);
    expect(version()).toBe(3);
    const after = await Promise.all(pages.map(async (p) => (await get(p)).text));
    after.forEach((html, i) => expect(html, pages[i]).toBe(before[i]));
    const log = textOf((await owner.get(panelPaths.activity).expect(200)).text);
    expect(log).toContain('datos del negocio: volvió a una versión');
    expect(log).toContain('versión 0, publicada como 3');
    // Going back to what is live already publishes nothing.
    const same = await owner.post(panelPaths.businessHistory, { accion: 'volver', version: '0' });
    expect(textOf(same.text)).toContain('Esa versión es igual a la que está publicada');
    expect(version()).toBe(3);
  });

  it('a stale preview is refused with a fresh one; its second "Publicar" publishes', async () => {
    const { owner, site, get, signIn, version } = await setup();
    const stale = await previewFacts(owner, site, 'zones', { 'zones.3.fee.amount': '18.000' });
    // Meanwhile someone else publishes the phone.
    const other = await signIn('empleado@parabrisas.test', 'Empleado');
    await publishFacts(other, site, 'contact', { 'contact.phone': '(0388) 15 498-7654' });
    expect(version()).toBe(1);

    const refused = await publishPreview(owner, 'zones', stale.text).expect(409);
    expect(textOf(refused.text)).toContain('Mientras revisabas, alguien publicó');
    expect(textOf(refused.text)).toContain(
      `El recargo a Perico pasa de $${NBSP}15.000 a $${NBSP}18.000.`,
    );
    expect(hiddenValue(refused.text, 'base')).toBe('1');
    expect(version()).toBe(1);
    expect(textOf((await get(paths.homeInstallation)).text)).toContain(
      `Perico Recargo de $${NBSP}15.000`,
    );

    await publishPreview(owner, 'zones', refused.text).expect(303);
    expect(version()).toBe(2);
    const home = (await get('/')).text;
    expect(home).toContain('tel:+5493884987654');
    expect(textOf(home)).toContain(`en Perico, recargo de $${NBSP}18.000`);
  });
});

describe('Datos del negocio: kept pages never show the old facts', () => {
  it('the page cache and the ETags follow a publish', async () => {
    const { owner, site } = await setup();
    const first = await request(site.listener).get('/').set('User-Agent', VISITOR_UA).expect(200);
    const etag = String(first.headers.etag);
    // Kept: the same bytes and a 304 to a revalidation.
    await request(site.listener).get('/').set('If-None-Match', etag).expect(304);
    await publishFacts(owner, site, 'counters', { 'counters.1.value': '520' });
    const after = await request(site.listener).get('/').set('If-None-Match', etag).expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(textOf(after.text)).toContain('+520 clientes satisfechos');
    expect(after.text).not.toContain('+485');
  });
});

describe('Datos del negocio without JavaScript', () => {
  it('rows are added, moved and removed with plain form buttons; nothing is published', async () => {
    const { owner, site, version } = await setup();
    const form = sectionForm(site, 'zones');
    const added = await owner
      .post(sectionPath('zones'), { ...form, accion: 'fila:agregar' })
      .expect(200);
    expect(added.text).toContain('id="dato-zones-9-locality"');
    const moved = await owner
      .post(sectionPath('zones'), { ...form, accion: 'fila:bajar:0' })
      .expect(200);
    expect(moved.text).toMatch(/id="dato-zones-0-locality"[^>]*value="Palpalá"/);
    expect(moved.text).toMatch(/id="dato-zones-1-locality"[^>]*value="San Salvador de Jujuy"/);
    const removed = await owner
      .post(sectionPath('zones'), { ...form, accion: 'fila:quitar:8' })
      .expect(200);
    expect(removed.text).not.toContain('Humahuaca');
    expect(version()).toBe(0);
  });

  it('the overview lists every section and the national holidays are shown, read-only', async () => {
    const { owner } = await setup();
    const overview = textOf((await owner.get(panelPaths.business).expect(200)).text);
    for (const title of [
      'Contacto',
      'Identidad fiscal',
      'Horarios',
      'Feriados y días sin atención',
      'Zonas',
      'Turnos',
      'Privacidad',
      'Contadores',
    ])
      expect(overview).toContain(title);
    const closed = (await owner.get(sectionPath('closedDays')).expect(200)).text;
    expect(textOf(closed)).toContain('Feriados nacionales (no hace falta cargarlos)');
    expect(textOf(closed)).toContain('Inmaculada Concepción de María');
    expect(closed).not.toMatch(/name="[^"]*"[^>]*value="Inmaculada/);
  });
});
