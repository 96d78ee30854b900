/**
 * The contact form's limits, from outside: real HTTP requests to started servers.
 * Who is a client (TRUST_PROXY), how many posts a network may send (/48), how many messages
 * the whole site takes in an hour, and that every spelling of the path meets the guards.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContact } from '../../../server/contact/index.ts';
import type { Site } from '../../../server/site.ts';
import { memoryContact, testConfig, testSite } from '../../helpers/app.ts';
import { tempDataDir, waitFor } from '../../helpers/contact.ts';
import { startBuiltServer, type RunningServer } from '../../helpers/server.ts';

const valid = (n: number) => ({
  name: 'Ana Gómez',
  email: 'ana@gmail.com',
  message: `Necesito un parabrisas para un Gol Trend 2015 (consulta ${n}).`,
  website: '',
});
/** Posts count toward the limits whether or not they are valid: these are never stored. */
const invalid = { name: '', email: '', message: '', website: '' };

function post(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
}

/**
 * An address of this machine that is not loopback, so that a request to it arrives from a
 * non-loopback peer. A private or unique-local one first: those are what a container or
 * Kubernetes network hands out, and what the old default trusted.
 */
function nonLoopbackAddress(): string {
  const all = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && !a.internal && !a.address.startsWith('fe80'));
  const privateFirst = all.sort(
    (a, b) =>
      Number(/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cd])/.test(b!.address)) -
      Number(/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cd])/.test(a!.address)),
  );
  const found = privateFirst[0];
  if (!found) throw new Error('this machine has no address but loopback: the test needs one');
  return found.family === 'IPv6' ? `[${found.address}]` : found.address;
}

describe('TRUST_PROXY unset: only a proxy on this host is believed', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ LOG_LEVEL: 'info' });
  });
  afterAll(() => server?.stop());

  it('seven posts from a non-loopback peer with seven X-Forwarded-For values meet 429 like one visitor', async () => {
    const url = `http://${nonLoopbackAddress()}:${server.port}/contact`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await post(url, valid(i), {
        origin: server.url,
        'x-forwarded-for': `203.0.113.${10 + i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429, 429]);
    // Log lines reach stdout in batches, within a second.
    const listening = await waitFor(
      () =>
        server.logs
          .join('')
          .split('\n')
          .find((l) => l.includes('"listening"')),
      { what: 'the "listening" log line' },
    );
    expect(JSON.parse(listening)).toMatchObject({ trustProxy: 'loopback' });
  });
});

/** A site started on a port, behind a "proxy" on loopback (the test), so X-Forwarded-For counts. */
async function started(site: Site): Promise<{ url: string; stop: () => Promise<void> }> {
  const server: Server = await site.start({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, stop: () => site.stop() };
}

describe('a whole IPv6 /48 is a second, looser bucket', () => {
  it('rotating /64s inside one /48 gets 4 × 5 posts, then 429; another /48 and IPv4 are not affected', async () => {
    const { url, stop } = await started(await testSite());
    try {
      const from = (ip: string) => ({ origin: 'https://parabrisas.test', 'x-forwarded-for': ip });
      const statuses: number[] = [];
      // Four /64s of 2001:db8:aaaa::/48, five posts each: each /64 stays within its own limit.
      for (const net of ['1', '2', '3', '4']) {
        for (let i = 0; i < 5; i++) {
          statuses.push(
            (await post(`${url}/contact`, invalid, from(`2001:db8:aaaa:${net}::${i + 1}`))).status,
          );
        }
      }
      expect(statuses).toEqual(Array(20).fill(422));
      // A fifth /64, never seen before, in the same /48: the network has had its share.
      const fifth = await post(`${url}/contact`, invalid, from('2001:db8:aaaa:5::1'));
      expect(fifth.status).toBe(429);
      expect(fifth.headers.get('retry-after')).toMatch(/^\d+$/);
      const otherNetwork = await post(`${url}/contact`, invalid, from('2001:db8:bbbb:1::1'));
      expect(otherNetwork.status).toBe(422);
      const ipv4 = await post(`${url}/contact`, invalid, from('198.51.100.9'));
      expect(ipv4.status).toBe(422);
    } finally {
      await stop();
    }
  }, 60_000);
});

describe('a ceiling for the whole site (CONTACT_MAX_PER_HOUR)', () => {
  it('above it the form answers 503, keeps the text and points to WhatsApp; nothing more is stored', async () => {
    const data = tempDataDir();
    const config = testConfig({ CONTACT_MAX_PER_HOUR: '3', DATA_DIR: data.dir });
    const contact = await openContact(config, pino({ level: 'silent' }));
    const { url, stop } = await started(
      await testSite({ contact, env: { CONTACT_MAX_PER_HOUR: '3', DATA_DIR: data.dir } }),
    );
    try {
      const statuses: number[] = [];
      // Each from its own address: no per-visitor limit is involved.
      for (let i = 0; i < 4; i++) {
        const res = await post(`${url}/contact`, valid(i), {
          origin: 'https://parabrisas.test',
          'x-forwarded-for': `198.51.100.${20 + i}`,
        });
        statuses.push(res.status);
        if (i === 3) {
          const html = await res.text();
          expect(html).toContain('recibimos muchos mensajes');
          expect(html).toContain('href="/ir/whatsapp"');
          expect(html).toContain(valid(3).message.replace(/\(/g, '('));
        }
      }
      expect(statuses).toEqual([303, 303, 303, 503]);
      expect((await contact.store.list()).map((m) => m.message)).toEqual([
        valid(0).message,
        valid(1).message,
        valid(2).message,
      ]);
    } finally {
      await stop();
      data.remove();
    }
  });
});

describe('one path, one set of guards', () => {
  let site: { url: string; stop: () => Promise<void> };
  const contact = memoryContact();
  beforeAll(async () => {
    site = await started(await testSite({ contact }));
  });
  afterAll(() => site.stop());

  it.each([
    '/%63ontact',
    '/%43ONTACT',
    '/contac%74',
    '/CONTACT',
    '/Contact/',
    '/contact/',
    '/contact?x=1',
    '//contact',
    '/contact%2F',
    '/./contact',
    '/parabrisas/../contact',
  ])(
    'POST %s from another site never reaches the form: refused by the guards or the router',
    async (path) => {
      const res = await fetch(`${site.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://evil.example',
        },
        body: new URLSearchParams(valid(99)),
      });
      expect([403, 404, 405]).toContain(res.status);
      expect(contact.messages).toEqual([]);
    },
  );
});
