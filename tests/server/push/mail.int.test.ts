/**
 * Avisos by e-mail through the real site (testSite: createSite, SQLite in memory) and a real
 * SMTP server in the test (tests/helpers/contact.ts): each event a person chose arrives once,
 * in the push's words plus the absolute panel link, naming nobody; a kind not chosen sends
 * nothing; without SMTP nothing is sent. Two instances on PostgreSQL: tests/server/push/
 * mail-instances.int.test.ts.
 */
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { SITE_URL, testConfig, testSite } from '../../helpers/app.ts';
import { TEST_NOW } from '../../helpers/sample.ts';
import { startSmtp, type ReceivedMail, type SmtpSink } from '../../helpers/contact.ts';
import { openMemoryDatabase } from '../../../store/open.ts';
import { createPanelStore } from '../../../store/panel.ts';
import { createAvisoMailStore } from '../../../store/aviso-mail.ts';
import type { PushKind, SiteDatabase } from '../../../store/schema.ts';
import type { Site } from '../../../server/site.ts';
import { createContactService } from '../../../server/contact/service.ts';
import { createContactStore } from '../../../store/messages.ts';
import { createLogger } from '../../../server/logger.ts';
import { createSitePush } from '../../../server/push/index.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** The site (with SMTP unless `smtp` is false), a person of the shop, the SMTP server. */
async function setup(
  options: { smtp: boolean; onMail?: (mail: ReceivedMail) => boolean } = { smtp: true },
) {
  const sink: SmtpSink = await startSmtp({ onMail: options.onMail });
  const database: SiteDatabase = await openMemoryDatabase();
  const env: Record<string, string> = options.smtp
    ? { SMTP_URL: sink.url, CONTACT_TO: 'taller@parabrisas.test' }
    : {};
  const started = Date.now();
  const now = () => new Date(TEST_NOW.getTime() + (Date.now() - started));
  const site: Site = await testSite({
    env,
    database: { ...database, close: async () => {} },
    now,
    bookingRateLimit: { max: 1000, windowMs: 60_000 },
    // The real contact store (a message and its avisos in one transaction); its own e-mail
    // worker is not started, so every mail the SMTP server gets is an aviso.
    contact: {
      service: createContactService({
        store: createContactStore(database),
        logger: createLogger('silent'),
        maxPerHour: 100,
        now,
      }),
      rateLimitStores: undefined,
      start() {},
      async stop() {},
    },
    push: { backoff: { initialMs: 200, maxMs: 1_000 }, pollMs: 100 },
  });
  const server: Server = await site.start({ port: 0, host: '127.0.0.1' });
  const { person } = await createPanelStore(database).grantAccess(
    'duenio@example.com',
    'Dueño',
    TEST_NOW,
  );
  cleanup.push(
    async () => site.stop(),
    async () => sink.close(),
    async () => database.close(),
  );
  const mail = createAvisoMailStore(database);
  const choose = (kinds: readonly PushKind[], email?: string) =>
    mail.setChoice(person.id, { email, kinds: new Set(kinds), agendaHour: '19:00' }, TEST_NOW);
  return { sink, database, server, person, mail, choose };
}

const product = { que: 'parabrisas', marca: 'ford', modelo: 'fiesta', lugar: 'taller' };
const who = {
  nombre: 'Ana Gómez',
  telefono: '0388 15 412-3456',
  patente: 'AB 123 CD',
  notas: 'Llamar antes',
};

async function book(server: Server) {
  const form = await request(server).get('/turnos').query(product);
  const token = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(form.text)?.[1];
  if (!token) throw new Error('no form token');
  return request(server)
    .post('/turnos')
    .type('form')
    .set('Origin', SITE_URL)
    .send({ ...product, token, turno: '2026-11-24/tarde', ...who });
}

function writeToShop(server: Server) {
  return request(server).post('/contact').type('form').set('Origin', SITE_URL).send({
    name: 'Ana Gómez',
    email: 'ana@gmail.com',
    message: 'Necesito un parabrisas para un Gol Trend 2015.',
    website: '',
  });
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return;
    await sleep(50);
  }
  throw new Error('condition not met in time');
}

describe('avisos by e-mail from the site', { timeout: 30_000 }, () => {
  it('a booking and a message each reach the person once, in the push words with the absolute panel link, naming nobody', async () => {
    const { sink, server, mail, choose } = await setup();
    await choose(['turnos', 'mensajes']);
    expect((await book(server)).status).toBe(303);
    expect((await writeToShop(server)).status).toBeLessThan(400);
    await until(() => sink.received.length >= 2);
    await sleep(600);
    expect(sink.received).toHaveLength(2);
    const booking = sink.received.find((m) => m.header('subject') === 'Turno nuevo');
    const message = sink.received.find((m) => m.header('subject') === 'Mensaje nuevo');
    expect(booking?.to).toEqual(['duenio@example.com']);
    expect(booking?.body).toContain(
      'Turno nuevo: martes 24/11, tarde, en el taller. Cambio de parabrisas, Ford Fiesta.',
    );
    expect(booking?.body).toContain(
      `Abrilo en el panel: ${SITE_URL}/panel/turnos?dia=2026-11-24&vista=dia`,
    );
    expect(message?.body).toContain('Llegó un mensaje desde la web.');
    expect(message?.body).toContain(`Abrilo en el panel: ${SITE_URL}/panel/mensajes`);
    // The same privacy as a locked phone: nothing of the customer, in the body or the headers.
    for (const m of sink.received) {
      for (const secret of ['Ana', 'Gómez', 'gmail', '412', '3456', 'AB 123', 'Llamar', 'Gol'])
        expect(m.raw, secret).not.toContain(secret);
      expect(m.header('message-id')).toMatch(/^<aviso-[0-9a-f-]{36}@/);
    }
    expect(await mail.countByStatus()).toMatchObject({ pending: 0, sent: 2 });
  });

  it('a kind the person did not choose sends nothing; another address chosen on Avisos is used', async () => {
    const { sink, server, database, choose } = await setup();
    await choose(['mensajes'], 'celular.duenio@example.com');
    expect((await book(server)).status).toBe(303);
    expect((await writeToShop(server)).status).toBeLessThan(400);
    await until(() => sink.received.length >= 1);
    await sleep(800);
    expect(sink.received.map((m) => m.header('subject'))).toEqual(['Mensaje nuevo']);
    expect(sink.received[0]?.to).toEqual(['celular.duenio@example.com']);
    const rows = await database.db.selectFrom('aviso_mails').select('kind').execute();
    expect(rows.map((r) => r.kind)).toEqual(['mensajes']);
  });

  it('without SMTP nothing is sent', async () => {
    const { sink, server, choose } = await setup({ smtp: false });
    // A choice made while SMTP was configured.
    await choose(['turnos', 'mensajes']);
    expect((await book(server)).status).toBe(303);
    expect((await writeToShop(server)).status).toBeLessThan(400);
    await sleep(1_500);
    expect(sink.seen).toEqual([]);
  });

  it('a revoked person gets nothing more, and their queued mails are dropped', async () => {
    const { sink, server, database, choose } = await setup();
    await choose(['turnos']);
    await createPanelStore(database).revoke('duenio@example.com', TEST_NOW);
    expect((await book(server)).status).toBe(303);
    await sleep(1_000);
    expect(sink.seen).toEqual([]);
    expect(await database.db.selectFrom('aviso_mails').select('id').execute()).toEqual([]);
    expect(
      await database.db.selectFrom('aviso_mail_choices').select('person_id').execute(),
    ).toEqual([]);
  });

  it('a 451 from the SMTP server is retried; the mail arrives once', async () => {
    let refusals = 1;
    const { sink, server, mail, choose } = await setup({
      smtp: true,
      onMail: () => refusals-- <= 0,
    });
    await choose(['turnos']);
    expect((await book(server)).status).toBe(303);
    await until(() => sink.received.length >= 1);
    await sleep(600);
    expect(sink.seen).toHaveLength(2);
    expect(sink.received).toHaveLength(1);
    expect(await mail.countByStatus()).toMatchObject({ pending: 0, sent: 1 });
  });

  it('"Probar e-mail" sends one mail to the person, to the Personas address when none was chosen', async () => {
    const sink = await startSmtp();
    const database = await openMemoryDatabase();
    const push = createSitePush({
      config: testConfig({ SMTP_URL: sink.url, CONTACT_TO: 'taller@parabrisas.test' }),
      database,
      bookings: createBookingStore(database),
      logger: createLogger('silent'),
      facts: () => defaultFacts,
      now: () => new Date(),
      pollMs: 100,
    });
    cleanup.push(
      async () => push.stop(),
      async () => sink.close(),
      async () => database.close(),
    );
    const { person } = await createPanelStore(database).grantAccess(
      'duenio@example.com',
      'Dueño',
      new Date(),
    );
    push.start();
    expect(await push.testMail(person.id)).toBe(true);
    await until(() => sink.received.length >= 1);
    expect(sink.received[0]?.to).toEqual(['duenio@example.com']);
    expect(sink.received[0]?.header('subject')).toBe('Prueba de avisos');
    expect(sink.received[0]?.body).toContain('Los avisos llegan a este e-mail.');
    expect(sink.received[0]?.body).toContain(`${SITE_URL}/panel/avisos`);
  });
});
