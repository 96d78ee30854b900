/**
 * Reviews through the real site (panel site, SQLite in memory, TEST_NOW = Monday 23 November
 * 2026): the request after a done job, the review form (POST, 303, 422 and nothing stored),
 * the links that cannot be used, moderation in the panel, and what the public pages show.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { panelPaths, paths } from '../../../client/paths.ts';
import { projectRoot } from '../../../server/paths.ts';
import { hashToken, newToken } from '../../../server/bookings/tokens.ts';
import { SITE_URL, testConfig } from '../../helpers/app.ts';
import { decodeEntities, headOf, jsonLdBlocks, textOf } from '../../helpers/html.ts';
import { manageToken, requestLink, reviewSite } from '../../helpers/reviews.ts';
import { TEST_NOW } from '../../helpers/sample.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';
import { publishFacts } from '../../helpers/facts.ts';

const good = { estrellas: '5', texto: 'Impecable, en una hora.\nMuy atentos.', nombre: 'Ana G.' };

describe('asking for a review after the job', () => {
  it('a done booking: "Pedir opinión por WhatsApp" gives a wa.me message to the customer with a private link, stored hashed, valid 60 days', async () => {
    const site = await reviewSite();
    const booking = await site.doneBooking(1, { name: 'Ana Gómez', phone: '+5493884111222' });
    const agenda = await site.owner.get(`${panelPaths.bookings}?dia=${booking.day}&vista=dia`);
    expect(textOf(agenda.text)).toContain('Pedir opinión por WhatsApp');

    const token = await site.askReview(booking);
    const page = await site.owner
      .post(`${panelPaths.bookings}?dia=${booking.day}&vista=semana`, {
        accion: 'pedir-opinion',
        id: booking.id,
        dia: booking.day,
        vista: 'semana',
      })
      .expect(200);
    const wa = requestLink(page.text) ?? '';
    expect(wa).toMatch(/^https:\/\/wa\.me\/5493884111222\?text=/);
    const message = new URL(wa).searchParams.get('text') ?? '';
    expect(message).toContain('Hola Ana, gracias por elegir Parabrisas Jujuy');
    expect(message).toContain('vale 60 días');

    // Only the hash is in the database, with its 60 days.
    const rows = await site.database.db.selectFrom('review_links').selectAll().execute();
    expect(rows.map((r) => r.hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const link = rows.find((r) => r.hash === hashToken(token));
    expect(Date.parse(link?.expires_at ?? '') - Date.parse(link?.created_at ?? '')).toBe(
      60 * 86_400_000,
    );
    const activity = textOf((await site.owner.get(panelPaths.activity)).text);
    expect(activity).toContain('opinión pedida');
  });

  it('a booking not done cannot be asked (agenda 409) and shows no invitation on its private page', async () => {
    const site = await reviewSite();
    const pending = await site.doneBooking(2);
    await site.database.db
      .updateTable('bookings')
      .set({ status: 'confirmado' })
      .where('id', '=', pending.id)
      .execute();
    await site.owner
      .post(panelPaths.bookings, { accion: 'pedir-opinion', id: pending.id })
      .expect(409);
    const manage = await request(site.site.listener).get(paths.bookingManage(manageToken(2)));
    expect(textOf(manage.text)).not.toContain('Dejar mi opinión');
    // Posting the private page's button anyway makes no link.
    await request(site.site.listener)
      .post(paths.bookingManage(manageToken(2)))
      .set('Origin', SITE_URL)
      .type('form')
      .send({ accion: 'opinar' })
      .expect(303)
      .expect('Location', paths.bookingManage(manageToken(2)));
    expect(await site.database.db.selectFrom('review_links').selectAll().execute()).toEqual([]);
  });

  it("the booking's private page, once the job is done, invites and opens the form", async () => {
    const site = await reviewSite();
    await site.doneBooking(3);
    const app = site.site.listener;
    const manage = await request(app)
      .get(paths.bookingManage(manageToken(3)))
      .expect(200);
    expect(textOf(manage.text)).toContain('¿Cómo te fue?');
    expect(textOf(manage.text)).toContain('Dejar mi opinión');
    const go = await request(app)
      .post(paths.bookingManage(manageToken(3)))
      .set('Origin', SITE_URL)
      .type('form')
      .send({ accion: 'opinar' })
      .expect(303);
    expect(go.headers.location).toMatch(/^\/opinion\/[A-Za-z0-9_-]{43}$/);
    const form = await request(app)
      .get(go.headers.location ?? '')
      .expect(200);
    expect(textOf(form.text)).toContain('Cambio de parabrisas · Peugeot 208 · diciembre de 2026');
  });
});

describe('the review form', () => {
  it('works without JavaScript: stars with words, the name suggested, the job and car from the booking; per visitor, noindex', async () => {
    const site = await reviewSite();
    const token = await site.askReview(await site.doneBooking(1, { name: 'María José González' }));
    const res = await request(site.site.listener).get(paths.review(token)).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(headOf(res.text)).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(res.text).toContain(
      `<form class="review-form" action="/opinion/${token}" method="post"`,
    );
    for (const stars of [1, 2, 3, 4, 5])
      expect(res.text).toMatch(
        new RegExp(`type="radio" required="" name="estrellas" value="${stars}"`),
      );
    expect(textOf(res.text)).toContain('5 estrellas: Excelente');
    expect(textOf(res.text)).toContain('1 estrella: Muy mal');
    expect(res.text).toContain('value="María G."');
    expect(textOf(res.text)).toContain('Cambio de parabrisas · Peugeot 208 · diciembre de 2026');
    expect(res.text).toContain('maxLength="1000"');
  });

  it('stores the review, 303 to a thank-you with the Google link when set; the customer may change it until it is published', async () => {
    const google = 'https://g.page/r/parabrisas-jujuy/review';
    const site = await reviewSite({ env: { GOOGLE_REVIEWS_URL: google } });
    const booking = await site.doneBooking(1);
    const token = await site.askReview(booking);
    const sent = await site.send(token, good).expect(303);
    expect(sent.headers.location).toBe(`/opinion/${token}?enviada=1`);
    const thanks = await request(site.site.listener)
      .get(sent.headers.location ?? '')
      .expect(200);
    expect(textOf(thanks.text)).toContain('¡Gracias por tu opinión!');
    expect(thanks.text).toContain(`href="${google}"`);

    const stored = await site.reviews.findByBooking(booking.id);
    expect(stored).toMatchObject({
      stars: 5,
      body: 'Impecable, en una hora.\nMuy atentos.',
      author: 'Ana G.',
      job: 'parabrisas',
      car: 'Peugeot 208',
      product: { piece: 'parabrisas', brandSlug: 'peugeot', modelSlug: '208' },
      jobMonth: '2026-12',
      state: { status: 'nueva' },
    });

    // Changed before the owner looked: the same review, new words.
    const again = await request(site.site.listener).get(paths.review(token)).expect(200);
    expect(textOf(again.text)).toContain('Ya recibimos tu opinión');
    await site.send(token, { ...good, estrellas: '4', texto: 'Bien' }).expect(303);
    const changed = await site.reviews.findByBooking(booking.id);
    expect(changed?.id).toBe(stored?.id);
    expect(changed).toMatchObject({ stars: 4, body: 'Bien' });
    expect(await site.reviews.countByStatus()).toEqual({ nueva: 1, publicada: 0, oculta: 0 });

    // Published: the link is used.
    await site.owner.post(panelPaths.reviews, { accion: 'publicar', id: changed?.id ?? '' });
    const used = await request(site.site.listener).get(paths.review(token));
    expect(used.status).toBe(410);
    expect(textOf(used.text)).toContain('Este enlace ya no está activo');
    await site.send(token, { ...good, texto: 'Otra cosa' }).expect(410);
    expect((await site.reviews.findByBooking(booking.id))?.body).toBe('Bien');
  });

  it.each([
    ['no stars', { estrellas: '' }, 'estrellas', 'Elegí de 1 a 5 estrellas.'],
    ['stars out of range', { estrellas: '6' }, 'estrellas', 'Elegí de 1 a 5 estrellas.'],
    ['text too long', { texto: 'a'.repeat(1001) }, 'texto', 'hasta 1.000 caracteres'],
    ['a link', { texto: 'Mirá mi taller en www.otro.com' }, 'texto', 'Sacá los enlaces'],
    ['a bare address', { texto: 'muy bueno, ver trucho.com.ar/x' }, 'texto', 'Sacá los enlaces'],
    ['an https link', { texto: 'https://example.org' }, 'texto', 'Sacá los enlaces'],
    ['HTML', { texto: 'Muy <b>bueno</b>' }, 'texto', 'Sacá las etiquetas'],
    ['a script', { texto: '<script>alert(1)</script>' }, 'texto', 'Sacá las etiquetas'],
    ['no name', { nombre: '   ' }, 'nombre', 'Escribí el nombre'],
    ['a long name', { nombre: 'x'.repeat(41) }, 'nombre', 'hasta 40 caracteres'],
    ['a link as name', { nombre: 'www.spam.com' }, 'nombre', 'Sacá los enlaces'],
  ])(
    '%s: 422 with the message beside the field, the form kept, nothing stored',
    async (_what, change, field, message) => {
      const site = await reviewSite();
      const booking = await site.doneBooking(1);
      const token = await site.askReview(booking);
      const fields = { ...good, ...change };
      const res = await site.send(token, fields).expect(422);
      const error = new RegExp(
        `<p id="opinion-${field}-error" class="contact-field-error">([^<]*)</p>`,
      ).exec(res.text);
      expect(decodeEntities(error?.[1] ?? '')).toContain(message);
      const describedBy =
        field === 'estrellas'
          ? 'opinion-estrellas-error'
          : `opinion-${field}-hint opinion-${field}-error`;
      expect(res.text).toContain(`aria-describedby="${describedBy}"`);
      // The form keeps what was typed (as text: never as markup).
      if (field === 'texto')
        expect(decodeEntities(res.text)).toContain(`>${fields.texto}</textarea>`);
      if (field === 'texto') expect(res.text).not.toContain('<script>alert');
      expect(await site.reviews.findByBooking(booking.id)).toBeUndefined();
    },
  );

  it('a link that is unknown, mistyped or another booking guessed: 404 with nothing about it', async () => {
    const site = await reviewSite();
    await site.askReview(await site.doneBooking(1));
    const app = site.site.listener;
    const notFound = await request(app).get(paths.review(newToken())).expect(404);
    const junk = await request(app).get(paths.review('abc')).expect(404);
    // The site's plain 404, word for word: nothing says a review link was asked for.
    const plain = await request(app).get('/no-existe').expect(404);
    for (const res of [notFound, junk]) expect(textOf(res.text)).toBe(textOf(plain.text));
    await site.send(newToken(), good).expect(404);
    expect(await site.reviews.countByStatus()).toEqual({ nueva: 0, publicada: 0, oculta: 0 });
  });

  it('a link older than 60 days: 410, nothing stored', async () => {
    let now = TEST_NOW;
    const site = await reviewSite({ now: () => now });
    const booking = await site.doneBooking(1);
    const token = await site.askReview(booking);
    now = new Date(TEST_NOW.getTime() + 60 * 86_400_000 + 1000);
    const res = await request(site.site.listener).get(paths.review(token)).expect(410);
    expect(textOf(res.text)).toContain('valen 60 días y este ya venció');
    await site.send(token, good).expect(410);
    expect(await site.reviews.findByBooking(booking.id)).toBeUndefined();
  });

  it('a link whose booking is not done (made before, or by hand): 404, nothing stored', async () => {
    const site = await reviewSite();
    const booking = await site.doneBooking(1);
    const token = newToken();
    await site.reviews.addLink(hashToken(token), booking.id, TEST_NOW, new Date('2027-01-01'));
    await site.database.db
      .updateTable('bookings')
      .set({ status: 'pendiente' })
      .where('id', '=', booking.id)
      .execute();
    await request(site.site.listener).get(paths.review(token)).expect(404);
    await site.send(token, good).expect(404);
    expect(await site.reviews.findByBooking(booking.id)).toBeUndefined();
  });

  it('a review is one per booking: a second link edits the same one', async () => {
    const site = await reviewSite();
    const booking = await site.doneBooking(1);
    await site.send(await site.askReview(booking), good).expect(303);
    await site.send(await site.askReview(booking), { ...good, estrellas: '3' }).expect(303);
    expect(await site.reviews.countByStatus()).toEqual({ nueva: 1, publicada: 0, oculta: 0 });
    expect((await site.reviews.findByBooking(booking.id))?.stars).toBe(3);
  });

  it('a review the database cannot store: 503, the text kept, WhatsApp and the published phone', async () => {
    const site = await reviewSite();
    const token = await site.askReview(await site.doneBooking(1));
    // SQLite refuses every write from now on (SQLITE_READONLY), as a database that is away would.
    await sql`pragma query_only = 1`.execute(site.database.db);
    const res = await site.send(token, good);
    expect(res.status).toBe(503);
    const notice = /<p class="contact-form-error" role="alert">[\s\S]*?<\/p>/.exec(res.text)?.[0];
    expect(textOf(notice ?? '')).toBe(
      `No pudimos guardar tu opinión por un problema nuestro. Probá de nuevo en un rato. Contanos por WhatsApp o llamanos al ${defaultFacts.contact.phoneDisplay} .`,
    );
    expect(notice).toContain(`href="tel:${defaultFacts.contact.phoneE164}"`);
    expect(notice).toMatch(/<a href="[^"]+" rel="nofollow">Contanos por WhatsApp<\/a>/);
    expect(res.text).toContain(good.texto);
  });

  it('the form and the link are throttled per client; a cross-site post is refused', async () => {
    const site = await reviewSite({ reviewRateLimit: { max: 3, windowMs: 60_000 } });
    const token = await site.askReview(await site.doneBooking(1));
    const app = site.site.listener;
    for (let i = 0; i < 3; i++) await request(app).get(paths.review(token)).expect(200);
    const limited = await request(app).get(paths.review(token)).expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await request(app)
      .post(paths.review(token))
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(good)
      .expect(403);
    for (let i = 0; i < 3; i++) await site.send(token, { ...good, estrellas: '' }).expect(422);
    await site.send(token, good).expect(429);
  });

  it('GOOGLE_REVIEWS_URL must be https on a Google host', () => {
    expect(testConfig({ GOOGLE_REVIEWS_URL: 'https://g.page/r/abc/review' }).googleReviewsUrl).toBe(
      'https://g.page/r/abc/review',
    );
    for (const bad of [
      'http://g.page/r/abc/review',
      'https://g.page.evil.example/review',
      'https://evil.example/?u=https://g.page',
      'https://user:pw@www.google.com/maps',
      'javascript:alert(1)',
    ]) {
      expect(() => testConfig({ GOOGLE_REVIEWS_URL: bad }), bad).toThrow(/GOOGLE_REVIEWS_URL/);
    }
  });
});

describe('moderation (/panel/opiniones)', () => {
  it('new first; Publicar, No publicar with a reason, one answer; never edits; each change in the activity log', async () => {
    const site = await reviewSite();
    const first = await site.doneBooking(1);
    const second = await site.doneBooking(2);
    await site.send(await site.askReview(first), { ...good, nombre: 'Primera P.' }).expect(303);
    await site.send(await site.askReview(second), { ...good, nombre: 'Segunda S.' }).expect(303);
    const idOf = async (n: typeof first) => (await site.reviews.findByBooking(n.id))?.id ?? '';
    const [one, two] = [await idOf(first), await idOf(second)];

    await site.owner.post(panelPaths.reviews, { accion: 'publicar', id: one }).expect(303);
    const list = textOf((await site.owner.get(panelPaths.reviews).expect(200)).text);
    expect(list.indexOf('Segunda S.')).toBeLessThan(list.indexOf('Primera P.'));
    expect(list).toContain('Nuevas: 1 · Publicadas: 1 · No publicadas: 0');

    await site.owner.post(panelPaths.reviews, { accion: 'ocultar', id: two }).expect(400);
    await site.owner
      .post(panelPaths.reviews, { accion: 'ocultar', id: two, motivo: 'cualquiera' })
      .expect(400);
    await site.owner
      .post(panelPaths.reviews, { accion: 'ocultar', id: two, motivo: 'insultos' })
      .expect(303);
    expect((await site.reviews.find(two))?.state).toEqual({ status: 'oculta', reason: 'insultos' });

    await site.owner
      .post(panelPaths.reviews, { accion: 'responder', id: one, respuesta: '¡Gracias, Ana!' })
      .expect(303);
    expect((await site.reviews.find(one))?.answer?.text).toBe('¡Gracias, Ana!');
    await site.owner
      .post(panelPaths.reviews, { accion: 'responder', id: one, respuesta: 'x'.repeat(1001) })
      .expect(400);
    // There is no way to change the stars or the text.
    await site.owner
      .post(panelPaths.reviews, { accion: 'editar', id: one, texto: 'Lo mejor', estrellas: '5' })
      .expect(400);
    expect((await site.reviews.find(one))?.body).toBe(good.texto);

    const activity = textOf((await site.owner.get(panelPaths.activity)).text);
    for (const line of ['opinión publicada', 'opinión no publicada', 'opinión respondida'])
      expect(activity).toContain(line);
    expect(activity).toContain('5 de 5 estrellas, Cambio de parabrisas Peugeot 208');
    expect(activity).not.toContain('Primera P.');
  });

  it('deletes a review on request after a confirm step (no JavaScript), for good, logged', async () => {
    const site = await reviewSite();
    const id = await site.publishedReview(1, good);
    const confirm = await site.owner.get(`${panelPaths.reviews}?borrar=${id}`).expect(200);
    expect(textOf(confirm.text)).toContain('¿Borrar la opinión de Ana G.?');
    await site.owner.post(panelPaths.reviews, { accion: 'borrar', id }).expect(303);
    expect(await site.reviews.find(id)).toBeUndefined();
    expect(textOf((await request(site.site.listener).get('/testimonials')).text)).not.toContain(
      'Ana G.',
    );
    expect(textOf((await site.owner.get(panelPaths.activity)).text)).toContain('opinión borrada');
  });
});

describe('what the public pages show', () => {
  /** Five published (5, 5, 4, 3 stars and a luneta), one new, three not published. */
  async function stocked() {
    const site = await reviewSite();
    const fiesta = { brandSlug: 'ford', modelSlug: 'fiesta', name: 'Ford Fiesta' };
    await site.publishedReview(1, { ...good, nombre: 'Uno U.' });
    await site.publishedReview(2, { ...good, nombre: 'Dos D.' });
    await site.publishedReview(3, { ...good, estrellas: '4', nombre: 'Tres T.' });
    await site.publishedReview(
      4,
      { ...good, estrellas: '3', nombre: 'Cuatro C.' },
      { car: fiesta },
    );
    await site.publishedReview(5, { ...good, nombre: 'Luneta L.' }, { job: 'luneta' });
    await site.send(await site.askReview(await site.doneBooking(6)), {
      ...good,
      nombre: 'Nueva N.',
    });
    for (const [n, motivo] of [
      [7, 'insultos'],
      [8, 'insultos'],
      [9, 'datos-personales'],
    ] as const) {
      const booking = await site.doneBooking(n);
      await site.send(await site.askReview(booking), {
        ...good,
        estrellas: '1',
        nombre: `Oculta ${n}`,
      });
      const id = (await site.reviews.findByBooking(booking.id))?.id ?? '';
      await site.owner.post(panelPaths.reviews, { accion: 'ocultar', id, motivo }).expect(303);
    }
    return site;
  }

  it('home: the latest published with stars, text, name, car and month, the average, the count and those not published', async () => {
    const site = await stocked();
    const html = (await request(site.site.listener).get('/').expect(200)).text;
    const section = html.slice(html.indexOf('id="testimonials"'), html.indexOf('id="faq"'));
    const text = textOf(section);
    expect(text).toContain('Lo que dicen nuestros clientes');
    expect(text).toContain('4,4');
    expect(section).toContain('aria-label="Promedio: 4,4 de 5 estrellas"');
    expect(text).toContain(
      '5 opiniones 3 no publicadas por insultos o datos personales de otras personas. Cómo publicamos',
    );
    expect(section.match(/class="review"/g)).toHaveLength(3);
    expect(text).toContain('Cambio de parabrisas · Peugeot 208 · diciembre de 2026');
    expect(section).toContain('aria-label="5 de 5 estrellas"');
    expect(text).not.toMatch(/Nueva N\.|Oculta \d/);
    expect(text).toContain('Ver todas las opiniones');
  });

  it("the owner's Google link from Datos del negocio: on home, /testimonials and the thank-you, before the operator's", async () => {
    const site = await reviewSite({
      env: { GOOGLE_REVIEWS_URL: 'https://search.google.com/local/writereview?placeid=operator' },
    });
    const token = await site.askReview(await site.doneBooking(1));
    await site.send(token, good).expect(303);
    await publishFacts(site.owner, site.site, 'contact', {
      'contact.googleReviewsUrl': 'g.page/r/CAbc123_x',
    });
    const owners = 'https://g.page/r/CAbc123_x/review';
    const pages = [paths.home, paths.testimonials, `${paths.review(token)}?enviada=1`];
    for (const path of pages) {
      const html = decodeEntities((await request(site.site.listener).get(path).expect(200)).text);
      expect(html, path).toContain(`href="${owners}"`);
      expect(html, path).not.toContain('placeid=operator');
    }
  });

  it('home with no review published: no quote at all, the gallery alone and the Google link when set', async () => {
    const google = 'https://search.google.com/local/writereview?placeid=abc';
    const site = await reviewSite({ env: { GOOGLE_REVIEWS_URL: google } });
    await site.send(await site.askReview(await site.doneBooking(1)), good).expect(303);
    const html = (await request(site.site.listener).get('/').expect(200)).text;
    const section = html.slice(html.indexOf('id="testimonials"'), html.indexOf('id="faq"'));
    expect(section).not.toMatch(/class="reviews?"/);
    expect(textOf(section)).not.toContain('Lo que dicen nuestros clientes');
    expect(decodeEntities(section)).toContain(`href="${google}"`);
    // No invented quote anywhere on the page.
    for (const invented of ['Mariela G.', 'Diego R.', 'Luciana P.'])
      expect(html).not.toContain(invented);
  });

  it('/testimonials: every published, newest first, the distribution, the rule; the filter by job; pages of 20', async () => {
    const site = await stocked();
    const app = site.site.listener;
    const page = (await request(app).get('/testimonials').expect(200)).text;
    const text = textOf(page);
    expect(page.match(/class="review"/g)).toHaveLength(5);
    expect(text.indexOf('Luneta L.')).toBeLessThan(text.indexOf('Uno U.'));
    expect(text).toContain('5 estrellas: 3 opiniones');
    expect(text).toContain('4 estrellas: 1 opinión');
    expect(text).toContain('1 estrella: 0 opiniones');
    expect(page).toMatch(/<ul class="star-bars" aria-label="Opiniones por cantidad de estrellas">/);
    expect(text).toContain('Solo dejamos sin publicar las que tienen insultos');
    expect(text).not.toMatch(/Nueva N\.|Oculta \d/);

    const lunetas = textOf(
      (await request(app).get('/testimonials?trabajo=luneta').expect(200)).text,
    );
    expect(lunetas).toContain('Luneta L.');
    expect(lunetas).not.toContain('Uno U.');
    expect(lunetas).toContain('1 opinión');
    const none = textOf((await request(app).get('/testimonials?trabajo=polarizado')).text);
    expect(none).toContain('Todavía no hay opiniones publicadas de ese trabajo.');
    // Junk filters and pages are the plain list; a page past the end is a 404.
    const junk = await request(app).get('/testimonials?trabajo=nada&pagina=01x').expect(200);
    expect(junk.text.match(/class="review"/g)).toHaveLength(5);
    await request(app).get('/testimonials?pagina=2').expect(404);
  });

  it('/testimonials pages through 20 at a time', async () => {
    const site = await reviewSite();
    for (let n = 1; n <= 21; n++)
      await site.publishedReview(n, { ...good, nombre: `Cliente ${n}` });
    const app = site.site.listener;
    const first = (await request(app).get('/testimonials').expect(200)).text;
    expect(first.match(/class="review"/g)).toHaveLength(20);
    expect(first).toContain('href="/testimonials?pagina=2"');
    const second = (await request(app).get('/testimonials?pagina=2').expect(200)).text;
    expect(second.match(/class="review"/g)).toHaveLength(1);
    expect(headOf(second)).toContain(
      `<link rel="canonical" href="${SITE_URL}/testimonials?pagina=2"/>`,
    );
  });

  it('product pages: "Opiniones de clientes con {Marca Modelo}" and the rating in its structured data only when that car has published reviews', async () => {
    const site = await stocked();
    const app = site.site.listener;
    const peugeot = (await request(app).get('/parabrisa/peugeot/208').expect(200)).text;
    expect(textOf(peugeot)).toContain('Opiniones de clientes con Peugeot 208');
    expect(peugeot.match(/class="review"/g)).toHaveLength(3);
    expect(textOf(peugeot)).not.toMatch(/Cuatro C\.|Luneta L\.|Nueva N\./);
    const group = jsonLdBlocks(peugeot).find(
      (b): b is Record<string, unknown> =>
        typeof b === 'object' && b !== null && Reflect.get(b, '@type') === 'ProductGroup',
    );
    expect(group?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(group?.review).toHaveLength(3);
    expect(Reflect.get((group?.review as unknown[])[0] as object, 'author')).toEqual({
      '@type': 'Person',
      name: 'Tres T.',
    });

    // The Fiesta (one version: a Product) has one; the 208's rear window the luneta's; a car
    // without: nothing.
    const fiesta = (await request(app).get('/parabrisa/ford/fiesta').expect(200)).text;
    expect(textOf(fiesta)).toContain('Opiniones de clientes con Ford Fiesta');
    expect(textOf(fiesta)).toContain('Cuatro C.');
    const product = jsonLdBlocks(fiesta).find((b) => JSON.stringify(b).includes('"Product"'));
    expect(JSON.stringify(product)).toContain('"aggregateRating"');
    const rear = textOf((await request(app).get('/luneta/peugeot/208').expect(200)).text);
    expect(rear).toContain('Opiniones de clientes con Peugeot 208');
    expect(rear).toContain('Luneta L.');
    expect(rear).not.toContain('Uno U.');
    const ka = (await request(app).get('/parabrisa/ford/ka').expect(200)).text;
    expect(ka).not.toContain('Opiniones de clientes');
    expect(JSON.stringify(jsonLdBlocks(ka))).not.toMatch(/aggregateRating|"review"/);

    // Never a rating on the LocalBusiness (Google calls it self-serving), on any page.
    for (const html of [peugeot, fiesta, ka, (await request(app).get('/')).text]) {
      const business = jsonLdBlocks(html).find((b) => JSON.stringify(b).includes('"AutoRepair"'));
      expect(JSON.stringify(business)).not.toMatch(/aggregateRating|"review"/);
    }
  });

  it('a <script> in a review or an answer is text on every page that shows it, the structured data included', async () => {
    const site = await reviewSite();
    const booking = await site.doneBooking(1);
    const hostile = '<script>alert("x")</script> <img src=x onerror=alert(1)> https://evil.example';
    // Stored as it came (say, before the form refused markup), then published and answered.
    await site.reviews.save(
      booking.id,
      { stars: 5, body: hostile, author: '<b>Ana</b>' },
      {
        job: 'parabrisas',
        car: 'Peugeot 208',
        product: { piece: 'parabrisas', brandSlug: 'peugeot', modelSlug: '208' },
        jobMonth: '2026-12',
      },
      TEST_NOW,
    );
    const id = (await site.reviews.findByBooking(booking.id))?.id ?? '';
    await site.owner.post(panelPaths.reviews, { accion: 'publicar', id }).expect(303);
    await site.owner
      .post(panelPaths.reviews, {
        accion: 'responder',
        id,
        respuesta: '</p><script>alert(2)</script>',
      })
      .expect(303);
    const pages = {
      home: (await request(site.site.listener).get('/')).text,
      testimonials: (await request(site.site.listener).get('/testimonials')).text,
      product: (await request(site.site.listener).get('/parabrisa/peugeot/208')).text,
      panel: (await site.owner.get(panelPaths.reviews)).text,
    };
    for (const [name, html] of Object.entries(pages)) {
      expect(html, name).not.toContain('<script>alert');
      expect(html, name).not.toContain('<img src=x');
      expect(html, name).not.toContain('<b>Ana</b>');
      expect(html, name).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(html, name).toContain('&lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
      // The address is text, not a link.
      expect(html, name).not.toContain('href="https://evil.example');
    }
    expect(pages.product).toContain('\\u003cscript\\u003ealert(\\"x\\")\\u003c/script\\u003e');
  });

  it('a publish rebuilds the kept pages that show reviews (home, /testimonials, product pages)', async () => {
    const site = await reviewSite();
    const app = site.site.listener;
    const before = await Promise.all(
      ['/', '/testimonials', '/parabrisa/peugeot/208', '/garantia'].map((p) => request(app).get(p)),
    );
    // Kept: the same ETag again.
    expect((await request(app).get('/')).headers.etag).toBe(before[0]?.headers.etag);
    await site.publishedReview(1, good);
    const after = await Promise.all(
      ['/', '/testimonials', '/parabrisa/peugeot/208', '/garantia'].map((p) => request(app).get(p)),
    );
    for (const i of [0, 1, 2]) {
      expect(after[i]?.headers.etag).not.toBe(before[i]?.headers.etag);
      expect(after[i]?.text).toContain('Ana G.');
    }
    // A page without reviews keeps its bytes.
    expect(after[3]?.headers.etag).toBe(before[3]?.headers.etag);
  });
});

describe('/privacidad', () => {
  it('says what a review keeps and shows, how long (the published period), and how to have it deleted', async () => {
    const site = await reviewSite();
    const text = textOf((await request(site.site.listener).get('/privacidad').expect(200)).text);
    expect(text).toContain('Qué guarda y muestra una opinión');
    expect(text).toContain('el nombre que elegiste mostrar, el trabajo, el auto y el mes');
    expect(text).toContain(`A los ${defaultFacts.privacy.bookingsDays} días del turno lo borramos`);
    expect(text).toContain('Una opinión publicada queda hasta que pidas borrarla');
  });

  it('follows the periods the owner publishes in Datos del negocio', async () => {
    const site = await reviewSite();
    const days = defaultFacts.privacy.bookingsDays - 65;
    await publishFacts(site.owner, site.site, 'privacy', {
      'privacy.bookingsDays': String(days),
      'privacy.responsible.email': 'datos@parabrisas.test',
    });
    const text = textOf((await request(site.site.listener).get('/privacidad').expect(200)).text);
    expect(text).toContain(`A los ${days} días del turno lo borramos y la opinión queda sola`);
    expect(text).toContain('Escribinos a datos@parabrisas.test o por WhatsApp diciendo cuál es');
    expect(text).not.toContain(`A los ${defaultFacts.privacy.bookingsDays} días del turno lo`);
  });
});

describe('the invented testimonials', () => {
  it('are gone from the code', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx|json)$/.test(name)) files.push(path);
      }
    };
    for (const dir of ['client', 'server', 'store']) walk(join(projectRoot, dir));
    const found = files.filter((file) =>
      /Mariela G\.|Diego R\.|Luciana P\./.test(readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
