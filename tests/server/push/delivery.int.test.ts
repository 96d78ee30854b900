/**
 * Web Push end to end through the real site (testSite: createSite, SQLite in memory) and a
 * push service in the test (tests/helpers/push-service.ts: HTTPS, checks the VAPID JWT and
 * decrypts each payload with the device's keys): a booking and a contact message reach the
 * devices that chose them, and only those; the locked screen's text names nobody; 410 forgets
 * the device; a hanging or failing push service never slows the visitor's POST, and the event
 * arrives once it recovers.
 */
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { SITE_URL, testConfig, testSite } from '../../helpers/app.ts';
import { TEST_NOW } from '../../helpers/sample.ts';
import { startTestPushService, testPushAgent } from '../../helpers/push-service.ts';
import { openMemoryDatabase } from '../../../store/open.ts';
import { createPanelStore } from '../../../store/panel.ts';
import type { PushKind, SiteDatabase } from '../../../store/schema.ts';
import type { Site } from '../../../server/site.ts';
import { createSitePush, type SitePush } from '../../../server/push/index.ts';
import { createContactService } from '../../../server/contact/service.ts';
import { createContactStore } from '../../../store/messages.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { createLogger } from '../../../server/logger.ts';

const ALL: ReadonlySet<PushKind> = new Set([
  'turnos',
  'presupuestos',
  'mensajes',
  'opiniones',
  'agenda',
]);

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** The site with push on, a person of the shop, and the test push service. */
async function setup() {
  const service = await startTestPushService();
  const database: SiteDatabase = await openMemoryDatabase();
  const env = { PUSH_SERVICE_ORIGINS: service.origin };
  const config = testConfig(env);
  // A clock that moves from TEST_NOW (retries are due later).
  const started = Date.now();
  const now = () => new Date(TEST_NOW.getTime() + (Date.now() - started));
  const site: Site = await testSite({
    env,
    database: { ...database, close: async () => {} },
    now,
    bookingRateLimit: { max: 1000, windowMs: 60_000 },
    // The real contact store (the message and its push in one transaction), on the same clock.
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
    push: {
      agent: testPushAgent(),
      timeoutMs: 800,
      backoff: { initialMs: 200, maxMs: 1_000 },
      pollMs: 100,
    },
  });
  const server: Server = await site.start({ port: 0, host: '127.0.0.1' });
  // The panel's side: the same database, as another process would (not started).
  const push: SitePush = createSitePush({
    config,
    database,
    bookings: createBookingStore(database),
    logger: createLogger('silent'),
    facts: () => {
      throw new Error('not used');
    },
    now,
  });
  const { person } = await createPanelStore(database).grantAccess(
    'duenio@example.com',
    'Dueño',
    TEST_NOW,
  );
  cleanup.push(
    async () => site.stop(),
    async () => service.close(),
    async () => database.close(),
  );
  async function subscribe(id: string, kinds: ReadonlySet<PushKind> = ALL) {
    const device = service.device(id);
    const outcome = await push.subscribe(
      person.id,
      `Teléfono ${id}`,
      device.subscription,
      kinds,
      '19:00',
    );
    if (outcome.status !== 'saved') throw new Error(outcome.reason);
    return outcome.device;
  }
  return { service, database, server, push, person, subscribe };
}

const product = { que: 'parabrisas', marca: 'ford', modelo: 'fiesta', lugar: 'taller' };
const who = {
  nombre: 'Ana Gómez',
  telefono: '0388 15 412-3456',
  patente: 'AB 123 CD',
  notas: 'Llamar antes',
};

async function book(server: Server, turno = '2026-11-24/tarde') {
  const form = await request(server).get('/turnos').query(product);
  const token = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(form.text)?.[1];
  if (!token) throw new Error('no form token');
  const started = performance.now();
  const res = await request(server)
    .post('/turnos')
    .type('form')
    .set('Origin', SITE_URL)
    .send({ ...product, token, turno, ...who });
  return { res, ms: performance.now() - started };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error('condition not met in time');
}

describe('Web Push from the site', { timeout: 30_000 }, () => {
  it('a booking reaches the subscribed device within 10 s: signed, encrypted, naming nobody', async () => {
    const { service, server, push, subscribe } = await setup();
    await subscribe('phone');
    const { res } = await book(server);
    expect(res.status).toBe(303);
    const [push1] = await service.waitFor(1, 10_000);
    expect(service.invalid).toEqual([]);
    expect(push1?.payload).toEqual({
      title: 'Turno nuevo',
      body: 'Turno nuevo: martes 24/11, tarde, en el taller. Cambio de parabrisas, Ford Fiesta.',
      url: '/panel/turnos?dia=2026-11-24&vista=dia',
    });
    // Nothing of the customer on a locked screen.
    const shown = JSON.stringify(push1?.payload);
    for (const secret of ['Ana', 'Gómez', '412', '3456', 'AB123CD', 'AB 123 CD', 'Llamar'])
      expect(shown).not.toContain(secret);
    // The VAPID key the page subscribes with, the JWT for this push service, the headers.
    expect(push1?.vapidKey).toBe(await push.publicKey());
    expect(push1?.jwt.aud).toBe(service.origin);
    expect(push1?.jwt.sub).toMatch(/^mailto:/);
    expect(push1?.headers.urgency).toBe('high');
    const ttl = Number(push1?.headers.ttl);
    expect(ttl).toBeGreaterThan(23 * 3600);
    expect(ttl).toBeLessThanOrEqual(24 * 3600);
  });

  it('only the kinds a device chose: a booking skips the device that wants messages only', async () => {
    const { service, server, database, subscribe } = await setup();
    const messagesOnly = await subscribe('messages-only', new Set(['mensajes']));
    await subscribe('everything');
    await book(server);
    const received = await service.waitFor(1);
    expect(received.map((p) => p.device)).toEqual(['everything']);
    const queued = await database.db
      .selectFrom('push_deliveries')
      .select('subscription_id')
      .execute();
    expect(queued.map((q) => q.subscription_id)).not.toContain(messagesOnly.id);

    // A contact message reaches both, in words that name nobody.
    const res = await request(server).post('/contact').type('form').set('Origin', SITE_URL).send({
      name: 'Ana Gómez',
      email: 'ana@gmail.com',
      message: 'Necesito un parabrisas para un Gol Trend 2015.',
      website: '',
    });
    expect(res.status).toBeLessThan(400);
    const all = await service.waitFor(3);
    const messages = all.filter((p) => p.payload.title === 'Mensaje nuevo');
    expect(messages.map((p) => p.device).sort()).toEqual(['everything', 'messages-only']);
    for (const p of messages) {
      expect(JSON.stringify(p.payload)).not.toMatch(/Ana|gmail|Gol Trend/);
      expect(p.payload.url).toBe('/panel/mensajes');
      expect(p.headers.urgency).toBe('normal');
    }
    expect(service.invalid).toEqual([]);
  });

  it('410 from the push service forgets the device and its queued pushes', async () => {
    const { service, server, database, subscribe } = await setup();
    const gone = await subscribe('gone');
    service.behave(() => ({ status: 410 }));
    await book(server);
    await until(async () => {
      const rows = await database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('id', '=', gone.id)
        .execute();
      return rows.length === 0;
    });
    expect(service.requests).toEqual([{ device: 'gone', answered: 410 }]);
    const left = await database.db.selectFrom('push_deliveries').select('id').execute();
    expect(left).toEqual([]);
  });

  it('a hanging push service never slows the booking POST; the push arrives once it recovers, once', async () => {
    const { service, server, subscribe } = await setup();
    await subscribe('phone');
    service.behave(() => 'hang');
    const { res, ms } = await book(server);
    expect(res.status).toBe(303);
    // The POST does not wait for the push service (which never answers).
    expect(ms).toBeLessThan(500);
    await until(async () => service.requests.length >= 1);
    service.behave(() => ({ status: 201 }));
    const [arrived] = await service.waitFor(1, 10_000);
    expect(arrived?.payload.title).toBe('Turno nuevo');
    await sleep(600);
    expect(service.received).toHaveLength(1);
    expect(service.requests[0]?.answered).toBe('hang');
  });

  it('429 with Retry-After and 503 are retried; the push arrives once', async () => {
    const { service, server, subscribe } = await setup();
    await subscribe('phone');
    const answers = [{ status: 429, headers: { 'Retry-After': '1' } }, { status: 503 }];
    service.behave(() => answers.shift() ?? { status: 201 });
    const started = Date.now();
    await book(server);
    await service.waitFor(1, 10_000);
    // Retry-After: 1 was honoured.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(service.requests.map((r) => r.answered)).toEqual([429, 503, 201]);
    await sleep(400);
    expect(service.received).toHaveLength(1);
  });

  it('refuses endpoints that are not a known push service (SSRF)', async () => {
    const { push, person, service } = await setup();
    const keys = service.device('x').subscription.keys;
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1:1/push/abc',
      'https://localhost/push',
      'https://10.0.0.7/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://evil.example.com/push',
      'https://fcm.googleapis.com.evil.example/push',
      'https://push.apple.com.evil.example/push',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'file:///etc/passwd',
      'not a url',
    ];
    for (const endpoint of refused) {
      const outcome = await push.subscribe(person.id, 'x', { endpoint, keys }, ALL, '19:00');
      expect(outcome.status, endpoint).toBe('refused');
      if (outcome.status === 'refused') expect(outcome.reason).toMatch(/\.$/);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QO-abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      const outcome = await push.subscribe(person.id, 'x', { endpoint, keys }, ALL, '19:00');
      expect(outcome.status, endpoint).toBe('saved');
    }
  });
});
