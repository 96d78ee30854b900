import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createServer, type Socket } from 'node:net';
import { once } from 'node:events';
import { pino } from 'pino';
import { freePort } from '../../helpers/server.ts';
import { testConfig } from '../../helpers/app.ts';
import { openContact, type ContactSystem } from '../../../server/contact/index.ts';
import { composeMail, senderAddress } from '../../../server/contact/mailer.ts';
import { isPermanentRefusal, retryDelay } from '../../../server/contact/delivery-worker.ts';
import type { StoredMessage } from '../../../store/schema.ts';
import { sleep, startSmtp, tempDataDir, waitFor, type SmtpSink } from '../../helpers/contact.ts';

const TO = 'taller@parabrisasjujuy.com.ar';
const FAST = { initialMs: 40, maxMs: 160 };

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});
const dirs: Array<{ remove(): void }> = [];
afterAll(() => dirs.forEach((d) => d.remove()));

function capturingLogger() {
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

async function contact(env: NodeJS.ProcessEnv, options: Parameters<typeof openContact>[2] = {}) {
  const { logger, lines } = capturingLogger();
  const system = await openContact(testConfig(env), logger, {
    backoff: FAST,
    pollMs: 20,
    ...options,
  });
  system.start();
  cleanups.push(() => system.stop());
  return { system, lines };
}

async function sink(options: Parameters<typeof startSmtp>[0] = {}): Promise<SmtpSink> {
  const server = await startSmtp(options);
  cleanups.push(() => server.close());
  return server;
}

function dataDir(): string {
  const temp = tempDataDir();
  dirs.push(temp);
  return temp.dir;
}

const visitor = {
  name: 'Ana Gómez',
  email: 'ana@gmail.com',
  message: 'Hola, ¿tienen parabrisas para Gol Trend?\n<script>alert(1)</script> <b>urgente</b>',
  website: '',
};

async function sentRows(system: ContactSystem) {
  return system.store.list({ status: 'sent' });
}
async function pendingRows(system: ContactSystem) {
  return system.store.list({ status: 'pending' });
}

describe('e-mail delivery through a real SMTP server', () => {
  it('forwards a stored message as plain text, reply-to the visitor, and records it as sent', async () => {
    const smtp = await sink();
    const { system } = await contact({ DATA_DIR: dataDir(), SMTP_URL: smtp.url, CONTACT_TO: TO });
    expect(await system.service.submit(visitor)).toEqual({ status: 'accepted' });

    const mail = await waitFor(() => smtp.received[0], { what: 'the e-mail' });
    const [stored] = await system.store.list();
    expect(mail.to).toEqual([TO]);
    expect(mail.header('subject')).toBe('Consulta web de Ana Gómez');
    expect(mail.header('reply-to')).toContain('<ana@gmail.com>');
    expect(mail.header('from')).toContain(`<${TO}>`);
    expect(mail.header('message-id')).toBe(`<contacto-${stored?.id}@parabrisasjujuy.com.ar>`);
    expect(mail.header('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    expect(mail.raw).not.toMatch(/text\/html/i);
    expect(mail.body).toContain('Nombre: Ana Gómez');
    expect(mail.body).toContain('E-mail: ana@gmail.com');
    expect(mail.body).toContain(visitor.message);

    await waitFor(async () => (await sentRows(system)).length === 1, { what: 'the sent record' });
    expect((await sentRows(system))[0]).toMatchObject({ id: stored?.id, attempts: 1 });
    expect(await pendingRows(system)).toEqual([]);
  });

  it('keeps the message queued while the SMTP server is down and delivers it once it is back', async () => {
    const port = await freePort();
    const { system, lines } = await contact({
      DATA_DIR: dataDir(),
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONTACT_TO: TO,
    });
    await system.service.submit(visitor);
    await waitFor(() => lines.filter((l) => l.msg.includes('not sent')).length >= 3, {
      what: 'three failed attempts',
    });
    const [waiting] = await pendingRows(system);
    expect(waiting?.attempts).toBeGreaterThanOrEqual(3);
    expect(waiting?.lastError).toMatch(/ECONNREFUSED/);
    expect(await sentRows(system)).toEqual([]);
    const retries = lines.filter((l) => l.msg.includes('not sent')).map((l) => l.retryInMs);
    expect(retries.slice(0, 3)).toEqual([40, 80, 160]);

    const smtp = await sink({ port });
    await waitFor(() => smtp.received.length === 1, {
      what: 'delivery after the server came back',
    });
    await waitFor(async () => (await sentRows(system)).length === 1, { what: 'the sent record' });
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a message the server refuses for now (451) and delivers it once', async () => {
    let refusals = 2;
    const smtp = await sink({ onMail: () => refusals-- <= 0 });
    const { system } = await contact({ DATA_DIR: dataDir(), SMTP_URL: smtp.url, CONTACT_TO: TO });
    await system.service.submit(visitor);
    await waitFor(() => smtp.received.length === 1, { what: 'the accepted e-mail' });
    expect(smtp.seen).toHaveLength(3);
    await waitFor(async () => (await sentRows(system)).length === 1, { what: 'the sent record' });
  });

  it('does not hang on a server that accepts the connection and never greets', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    cleanups.push(() => {
      sockets.forEach((s) => s.destroy());
      return new Promise((r) => silent.close(r));
    });
    const { port } = silent.address() as { port: number };
    const { system, lines } = await contact(
      { DATA_DIR: dataDir(), SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_TO: TO },
      { timeouts: { greetingTimeout: 150 } },
    );
    const started = Date.now();
    await system.service.submit(visitor);
    const failure = await waitFor(() => lines.find((l) => l.msg.includes('not sent')), {
      what: 'the greeting timeout',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(JSON.stringify(failure.err)).toMatch(/greeting/i);
    expect(await pendingRows(system)).toHaveLength(1);
  });

  it('without SMTP configured keeps messages and says once, at start, where they are', async () => {
    const dir = dataDir();
    const { system, lines } = await contact({ DATA_DIR: dir });
    await system.service.submit(visitor);
    await system.service.submit({ ...visitor, message: 'Otra consulta' });
    const notices = lines.filter((l) => l.msg.includes('e-mail is off'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.database).toBe(`${dir}/contact/messages.sqlite`);
    expect(system.worker).toBeUndefined();
    expect(await pendingRows(system)).toHaveLength(2);
  });

  it('after a restart sends what was never sent, exactly once, and nothing twice', async () => {
    const smtp = await sink();
    const dir = dataDir();
    const offline = await contact({ DATA_DIR: dir });
    await offline.system.service.submit(visitor);
    await offline.system.service.submit({ ...visitor, message: 'Segunda consulta' });
    await offline.system.stop();

    const env = { DATA_DIR: dir, SMTP_URL: smtp.url, CONTACT_TO: TO };
    const first = await contact(env);
    await waitFor(async () => (await sentRows(first.system)).length === 2, { what: 'both sent' });
    await first.system.stop();
    expect(smtp.received.map((m) => m.body.includes('Segunda consulta'))).toEqual([false, true]);

    const second = await contact(env);
    await sleep(400);
    expect(smtp.received).toHaveLength(2);
    expect(await pendingRows(second.system)).toEqual([]);
  });

  it('stops a message the server refuses for good (550) as failed, with the error, and goes on', async () => {
    const smtp = await sink({ onMail: (mail) => (mail.body.includes('rechazame') ? 550 : true) });
    const { system, lines } = await contact({
      DATA_DIR: dataDir(),
      SMTP_URL: smtp.url,
      CONTACT_TO: TO,
    });
    await system.service.submit({ ...visitor, message: 'rechazame por favor' });
    await system.service.submit({ ...visitor, message: 'esta sí' });
    await waitFor(async () => (await sentRows(system)).length === 1, { what: 'the good one' });
    const [failed] = await system.store.list({ status: 'failed' });
    expect(failed).toMatchObject({ message: 'rechazame por favor', attempts: 1 });
    expect(failed?.lastError).toMatch(/550/);
    await sleep(300);
    expect(smtp.seen.filter((m) => m.body.includes('rechazame'))).toHaveLength(1);
    expect(lines.some((l) => l.msg.includes('refused this message for good'))).toBe(true);
  });

  it('tells a permanent refusal of the message from a temporary or configuration problem', () => {
    const smtpError = (code: string, responseCode?: number) =>
      Object.assign(new Error('x'), { code, responseCode });
    expect(isPermanentRefusal(smtpError('EENVELOPE', 550))).toBe(true);
    expect(isPermanentRefusal(smtpError('EMESSAGE', 554))).toBe(true);
    expect(isPermanentRefusal(smtpError('EMESSAGE', 451))).toBe(false);
    expect(isPermanentRefusal(smtpError('EAUTH', 535))).toBe(false);
    expect(isPermanentRefusal(smtpError('ECONNECTION'))).toBe(false);
  });

  it('refuses to start with an SMTP_URL that is not smtp:// or smtps://', async () => {
    await expect(
      openContact(
        testConfig({ SMTP_URL: 'http://mail.example', CONTACT_TO: TO, DATA_DIR: dataDir() }),
        pino({ level: 'silent' }),
      ),
    ).rejects.toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});

describe('the e-mail itself', () => {
  const message: StoredMessage = {
    id: '6f1c1c7e-1111-4a4a-9b9b-123456789abc',
    receivedAt: '2026-03-14T12:05:00.000Z',
    name: 'Ana',
    email: 'ana@gmail.com',
    message: '<b>hola</b>',
  };

  it('is text only, with a Message-ID that is the same every time', () => {
    const envelope = { from: 'web@parabrisasjujuy.com.ar', to: TO, shopName: 'Parabrisas Jujuy' };
    const a = composeMail(message, envelope);
    const b = composeMail(message, envelope);
    expect(a.html).toBeUndefined();
    expect(a.text).toContain('<b>hola</b>');
    expect(a.text).toContain('sábado, 14 de marzo de 2026, 09:05');
    expect(a.messageId).toBe(`<contacto-${message.id}@parabrisasjujuy.com.ar>`);
    expect(b.messageId).toBe(a.messageId);
  });

  it('comes from the SMTP user when it is an address, else from CONTACT_TO', () => {
    expect(senderAddress('smtps://web%40parabrisasjujuy.com.ar:clave@smtp.example:465', TO)).toBe(
      'web@parabrisasjujuy.com.ar',
    );
    expect(senderAddress('smtp://apikey:secret@smtp.example:587', TO)).toBe(TO);
  });

  it('backs off exponentially up to a cap', () => {
    const b = { initialMs: 15_000, maxMs: 30 * 60_000 };
    expect([1, 2, 3, 4, 8, 20, 2000].map((n) => retryDelay(n, b))).toEqual([
      15_000, 30_000, 60_000, 120_000, 1_800_000, 1_800_000, 1_800_000,
    ]);
  });
});
