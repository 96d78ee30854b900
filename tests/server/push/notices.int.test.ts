/**
 * A quote asked for on the site and a review sent by a customer queue their notification in
 * the same transaction, for the devices that chose them, in words that name nobody; a review
 * changed while new is not announced again.
 */
import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../../../store/open.ts';
import { createPanelStore } from '../../../store/panel.ts';
import { createPushStore } from '../../../store/push.ts';
import { createQuoteStore } from '../../../store/quotes.ts';
import type { PushKind, SiteDatabase } from '../../../store/schema.ts';
import { createQuoteService } from '../../../server/quotes/service.ts';
import { createLogger } from '../../../server/logger.ts';
import { sampleQuoteDraft } from '../../helpers/quotes.ts';
import { reviewSite } from '../../helpers/reviews.ts';

async function device(database: SiteDatabase, name: string, kinds: PushKind[]) {
  const { person } = await createPanelStore(database).grantAccess(
    `${name}@example.com`,
    name,
    new Date(),
  );
  return createPushStore(database).saveDevice(
    {
      personId: person.id,
      name,
      endpoint: `https://push.test.example/${name}`,
      p256dh: 'k',
      auth: 'a',
      kinds: new Set(kinds),
      agendaHour: '19:00',
    },
    new Date(),
  );
}

const queued = (database: SiteDatabase) =>
  database.db.selectFrom('push_deliveries').selectAll().execute();

describe('what quotes and reviews tell the phones', () => {
  it('a quote: its number and glass, no name, plate or insurer', async () => {
    const database = await openMemoryDatabase();
    try {
      const wants = await device(database, 'quotes', ['presupuestos']);
      await device(database, 'bookings', ['turnos']);
      const service = createQuoteService({
        store: createQuoteStore(database),
        logger: createLogger('silent'),
        now: () => new Date('2026-11-23T15:00:00Z'),
      });
      const issued = await service.issue(sampleQuoteDraft());
      expect(issued.status).toBe('issued');
      const rows = await queued(database);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        subscription_id: wants.id,
        kind: 'presupuestos',
        title: 'Presupuesto nuevo',
        body: 'Presupuesto P-2026-000001: Parabrisas Chevrolet Onix.',
        url: '/panel/presupuestos?q=P-2026-000001',
        urgency: 'normal',
      });
      const draft = sampleQuoteDraft();
      expect(JSON.stringify(rows)).not.toContain(draft.customer.name);
      expect(JSON.stringify(rows)).not.toContain('AB123CD');
      expect(JSON.stringify(rows)).not.toContain(draft.customer.insurer);
    } finally {
      await database.close();
    }
  });

  it('a review to moderate: stars and job, never its text or author; once', async () => {
    const site = await reviewSite();
    const wants = await device(site.database, 'reviews', ['opiniones']);
    const booking = await site.doneBooking(1);
    const token = await site.askReview(booking);
    await site
      .send(token, { estrellas: '4', texto: 'Muy buena atención de Ramiro', nombre: 'Ana G.' })
      .expect(303);
    // Changed while new: not announced again.
    await site.send(token, { estrellas: '5', texto: 'Excelente', nombre: 'Ana G.' }).expect(303);
    const rows = await queued(site.database);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subscription_id: wants.id,
      title: 'Opinión para revisar',
      body: 'Opinión nueva para revisar: 4 estrellas, cambio de parabrisas.',
      url: '/panel/opiniones',
    });
    expect(JSON.stringify(rows)).not.toMatch(/Ramiro|Ana|Cliente/);
    await site.site.stop();
  });
});
