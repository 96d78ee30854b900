/**
 * The owner's quotes (`/panel/presupuestos`) through the real site with a signed-in session:
 * the list (newest first, 50 a page), search by number, plate or name, the PDF, "Exportar CSV"
 * in the panel's Excel shape, and "Pasar a turno" (the booking keeps the quote's number). Nu 0
 * on the pages. TEST_NOW: Monday 23 November 2026 (a holiday); Tuesday 24 is bookable.
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { panelPaths } from '../../../client/paths.ts';
import { createQuoteService } from '../../../server/quotes/service.ts';
import { createLogger } from '../../../server/logger.ts';
import { createQuoteStore } from '../../../store/quotes.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { textOf } from '../../helpers/html.ts';
import { panelSite } from '../../helpers/panel.ts';
import { nuErrors } from '../../helpers/nu-checker.ts';
import { sampleQuoteDraft } from '../../helpers/quotes.ts';
import { readPdf } from '../../helpers/pdf.ts';

async function setup(count = 3) {
  const panel = await panelSite();
  const quotes = createQuoteService({
    store: createQuoteStore(panel.database),
    logger: createLogger('silent'),
    now: () => new Date('2026-11-23T15:00:00Z'),
  });
  for (let n = 1; n <= count; n++) {
    const draft = sampleQuoteDraft();
    await quotes.issue({
      ...draft,
      issuedAt: new Date(Date.UTC(2026, 10, 23, 10, n)).toISOString(),
      customer: {
        ...draft.customer,
        name: n === 2 ? 'Bruno Díaz' : `=Cliente ${n}`,
        plate: n === 2 ? 'AC456ZZ' : null,
      },
    });
  }
  const owner = await panel.signIn();
  return { ...panel, owner };
}

const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('/panel/presupuestos', () => {
  it(
    'lists every quote newest first with its car, price, insurer, name and plate',
    { tags: ['java'], timeout: 60_000 },
    async () => {
      const { owner } = await setup();
      const res = await owner.get(panelPaths.quotes).expect(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const text = textOf(res.text).replace(/\u00a0/g, ' ');
      expect(text).toContain('3 presupuestos.');
      expect(text.indexOf('P-2026-000003')).toBeLessThan(text.indexOf('P-2026-000001'));
      expect(text).toContain('P-2026-000002 · $ 277.000,00');
      expect(text).toContain('Bruno Díaz · Patente AC456ZZ · La Segunda');
      expect(text).toContain('Parabrisas Chevrolet Onix · Años: 2013 a 2019');
      expect(res.text).toContain(`href="${panelPaths.quotePdf}?numero=P-2026-000002"`);
      expect(res.text).toContain(`href="${panelPaths.quoteBooking}?numero=P-2026-000002"`);
      expect(await nuErrors({ presupuestos: res.text })).toEqual([]);
    },
  );

  it('pages of 50', async () => {
    const { owner } = await setup(52);
    const first = textOf((await owner.get(panelPaths.quotes).expect(200)).text);
    expect(first).toContain('52 presupuestos · página 1 de 2.');
    expect(first).toContain('P-2026-000052');
    expect(first).not.toContain('P-2026-000001 ');
    const second = textOf((await owner.get(`${panelPaths.quotes}?pagina=2`).expect(200)).text);
    expect(second).toContain('P-2026-000001');
    expect(second).toContain('P-2026-000002');
    expect(second).not.toContain('P-2026-000052');
  }, 60_000);

  it('searches by number, plate (as typed) or name', async () => {
    const { owner } = await setup();
    for (const q of ['P-2026-000002', 'ac 456 zz', 'bruno']) {
      const text = textOf(
        (await owner.get(`${panelPaths.quotes}?q=${encodeURIComponent(q)}`)).text,
      );
      expect(text, q).toContain('1 presupuesto con');
      expect(text, q).toContain('P-2026-000002');
      expect(text, q).not.toContain('P-2026-000003');
    }
  });

  it('the PDF is the customer’s; an unknown number is a 404', async () => {
    const { owner } = await setup();
    const res = await owner
      .get(`${panelPaths.quotePdf}?numero=P-2026-000002`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const body: unknown = res.body;
    if (!Buffer.isBuffer(body)) throw new Error('no PDF');
    const { text } = await readPdf(body);
    expect(text).toContain('N° P-2026-000002');
    expect(text).toContain('Bruno Díaz');
    expect(text).toContain('AC456ZZ');
    await owner.get(`${panelPaths.quotePdf}?numero=P-2026-000009`).expect(404);
    await owner.get(`${panelPaths.quotePdf}?numero=nada`).expect(404);
  });

  it('Exportar CSV: Excel es-AR (BOM, `;`), the search applied, formulas neutralised', async () => {
    const { owner } = await setup();
    const res = await owner.get(`${panelPaths.quotesExport}`).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="presupuestos-/);
    const csv = res.text;
    expect(csv.startsWith('\uFEFF"número";"fecha"')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('"P-2026-000002"');
    expect(lines[2]).toContain('"277000,00"');
    expect(lines[2]).toContain('"AC456ZZ"');
    expect(lines[2]).toContain('"4455/26"');
    expect(lines[1]).toContain(`"'=Cliente 3"`);
    const searched = await owner.get(`${panelPaths.quotesExport}?q=bruno`).expect(200);
    expect(searched.text.trim().split('\r\n')).toHaveLength(2);
  });

  it(
    'Pasar a turno: the owner picks a window and types the phone; the booking keeps the number',
    { tags: ['java'] },
    async () => {
      const { owner, database } = await setup();
      const path = `${panelPaths.quoteBooking}?numero=P-2026-000002`;
      const page = await owner.get(path).expect(200);
      expect(await nuErrors({ turno: page.text })).toEqual([]);
      const token = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(page.text)?.[1] ?? '';
      expect(page.text).toContain('value="2026-11-24/manana"');
      const form = {
        numero: 'P-2026-000002',
        token,
        turno: '2026-11-24/manana',
        telefono: '388 15 412-3456',
      };
      // A bad phone or window: 422, nothing booked.
      await owner.post(panelPaths.quoteBooking, { ...form, telefono: '12' }).expect(422);
      await owner.post(panelPaths.quoteBooking, { ...form, turno: 'mañana' }).expect(422);
      const done = await owner.post(panelPaths.quoteBooking, form).expect(303);
      expect(done.headers.location).toBe('/panel/turnos?dia=2026-11-24&vista=dia');
      // The same form again books nothing more; the quote has its booking now.
      await owner.post(panelPaths.quoteBooking, form).expect(409);
      const stored = await createBookingStore(database).listBetween('2026-11-24', '2026-11-24');
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        quoteNumber: 'P-2026-000002',
        name: 'Bruno Díaz',
        phone: '+5493884123456',
        plate: 'AC456ZZ',
        place: 'domicilio',
        locality: 'Perico',
        job: 'parabrisas',
        // The catalogue's car: the job's review reaches that model's product page.
        car: { name: 'Chevrolet Onix', brandSlug: 'chevrolet', modelSlug: 'onix' },
      });
      // Nobody is e-mailed about a booking the owner made.
      expect(await database.db.selectFrom('contact_messages').selectAll().execute()).toEqual([]);
      const list = textOf((await owner.get(panelPaths.quotes)).text);
      expect(list).toContain('Turno: 24/11/2026, mañana');
      const agenda = textOf((await owner.get(done.headers.location ?? '')).text);
      expect(agenda).toContain('Bruno Díaz');
      expect(agenda).toContain('Presupuesto P-2026-000002');
    },
  );

  it('needs a session: the list, the export and the PDF', async () => {
    const { site } = await setup();
    for (const path of [
      panelPaths.quotes,
      panelPaths.quotesExport,
      `${panelPaths.quotePdf}?numero=P-2026-000001`,
      `${panelPaths.quoteBooking}?numero=P-2026-000001`,
    ]) {
      const res = await request(site.listener).get(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.location).toBe(panelPaths.signIn);
    }
  });
});
