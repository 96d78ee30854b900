import { afterAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { readFileSync } from 'node:fs';
import { SITE_URL, testApp } from '../../helpers/app.ts';
import { decodeEntities, headOf } from '../../helpers/html.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

const { contact: business } = defaultFacts;
import { createContactService } from '../../../server/contact/service.ts';
import type { StoredMessage } from '../../../store/schema.ts';
import type { ContactStore } from '../../../store/messages.ts';
import type { RateLimit } from '../../../server/forms/post-guards.ts';
import { createLogger } from '../../../server/logger.ts';
import { fillSqliteDisk, openSqliteStore, tempDataDir } from '../../helpers/contact.ts';

const dirs: Array<{ remove(): void }> = [];
const stores: ContactStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  dirs.forEach((d) => d.remove());
});

/** A fresh app (own rate limiter) over a fresh database. */
async function setup(
  options: { rateLimit?: RateLimit; env?: NodeJS.ProcessEnv; maxPerHour?: number } = {},
) {
  const temp = tempDataDir();
  dirs.push(temp);
  const { store, db } = await openSqliteStore(temp.dir);
  stores.push(store);
  const forwarded: StoredMessage[] = [];
  const contact = createContactService({
    store,
    logger: createLogger('silent'),
    maxPerHour: options.maxPerHour ?? 60,
    onStored: (m) => forwarded.push(m),
  });
  const app = await testApp({ contact, contactRateLimit: options.rateLimit, env: options.env });
  /** SQLite's own "database or disk is full" from now on, as on a full disk. */
  const fillDisk = () => fillSqliteDisk(db);
  const stored = async (): Promise<StoredMessage[]> =>
    (await store.list()).map(({ id, receivedAt, name, email, message }) => ({
      id,
      receivedAt,
      name,
      email,
      message,
    }));
  const post = (form: Record<string, string>, headers: Record<string, string> = {}) => {
    let req = request(app).post('/contact').type('form');
    for (const [k, v] of Object.entries({ Origin: SITE_URL, ...headers })) req = req.set(k, v);
    return req.send(form);
  };
  return { app, store, stored, forwarded, post, fillDisk };
}

const valid = {
  name: 'Ana Gómez',
  email: 'ana@gmail.com',
  message: 'Necesito un parabrisas para un Gol Trend 2015.',
  website: '',
};

/** The opening tag of the control with this id, attributes decoded. */
function control(html: string, id: string): string {
  const tag = new RegExp(`<(input|textarea)[^>]*\\bid="${id}"[^>]*>`).exec(html);
  if (!tag) throw new Error(`no control #${id}`);
  return decodeEntities(tag[0]);
}

function textareaContent(html: string): string {
  const m = /<textarea[^>]*id="contact-message"[^>]*>([\s\S]*?)<\/textarea>/.exec(html);
  return decodeEntities(m?.[1] ?? '');
}

describe('GET /contact', () => {
  it('renders the template page with the configured phone and e-mail, noindex', async () => {
    const { app } = await setup();
    const res = await request(app).get('/contact');
    expect(res.status).toBe(200);
    expect(headOf(res.text)).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(res.text).toContain(business.phoneDisplay);
    expect(res.text).toContain(`href="tel:${business.phoneE164}"`);
    expect(res.text).toContain(`href="mailto:${business.email}"`);
    expect(res.text).toContain('Belgrade, Serbia');
    expect(res.text).toContain('Over 15 years of experience');
    expect(res.text).not.toMatch(/\{phone\}|\{email\}/);
  });

  it('has a plain POST form with the spec labels, required fields and a Send Message button', async () => {
    const { app } = await setup();
    const html = (await request(app).get('/contact')).text;
    expect(html).toMatch(/<form[^>]*action="\/contact"[^>]*method="post"/);
    for (const [id, label] of [
      ['contact-name', 'Full Name'],
      ['contact-email', 'Email'],
      ['contact-message', 'Tell us about it'],
    ] as const) {
      expect(html).toMatch(new RegExp(`<label for="${id}">${label}<span[^>]*aria-hidden="true"`));
      expect(control(html, id)).toContain('required=""');
    }
    expect(control(html, 'contact-email')).toContain('type="email"');
    expect(html).toMatch(
      /<button type="submit" class="button button-primary">Send Message<\/button>/,
    );
  });

  it('hides the honeypot from people, keyboards and autofill', async () => {
    const { app } = await setup();
    const html = (await request(app).get('/contact')).text;
    const input = control(html, 'contact-website');
    expect(input).toContain('name="website"');
    expect(input).toContain('tabindex="-1"');
    expect(input).toMatch(/autocomplete="off"/i);
    expect(html).toContain('<div class="contact-honeypot" aria-hidden="true">');
    // Hidden by the stylesheet (the CSP forbids inline styles).
    expect(readFileSync('client/styles/app.css', 'utf8')).toMatch(
      /\.contact-honeypot \{\s*position: absolute;\s*left: -10000px;/,
    );
  });

  it('shows a Spanish confirmation at /contact?enviado=1, without the form', async () => {
    const { app } = await setup();
    const res = await request(app).get('/contact?enviado=1');
    expect(res.status).toBe(200);
    expect(res.text).toContain('¡Gracias! Recibimos tu mensaje.');
    expect(res.text).toContain('role="status"');
    expect(res.text).not.toContain('<form');
    expect(headOf(res.text)).toContain(
      '<title>Mensaje enviado - Contact - Parabrisas Jujuy</title>',
    );
  });
});

describe('POST /contact', () => {
  it('one tap, one message: the form carries a one-time token; the same token posted again stores nothing more', async () => {
    const { app, post, stored } = await setup();
    const page = await request(app).get('/contact').expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const token = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(page.text)?.[1] ?? '';
    expect(token).toHaveLength(43);
    const next = await request(app).get('/contact');
    expect(next.text).not.toContain(token);
    await post({ ...valid, token }).expect(303);
    // Even a changed text (past the in-memory guard for identical ones): the token decides.
    await post({ ...valid, message: `${valid.message} Gracias.`, token }).expect(303);
    expect(await stored()).toHaveLength(1);
    const other = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(next.text)?.[1] ?? '';
    await post({ ...valid, message: 'Otro mensaje, otro formulario.', token: other }).expect(303);
    expect(await stored()).toHaveLength(2);
  });

  it('stores a valid message (trimmed, with id and time) and redirects 303 to the confirmation', async () => {
    const { post, stored, forwarded } = await setup();
    const before = Date.now();
    const res = await post({ ...valid, name: '  Ana Gómez ', email: ' ana@gmail.com ' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/contact?enviado=1');
    expect(res.headers['cache-control']).toBe('no-store');
    const [message, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      name: 'Ana Gómez',
      email: 'ana@gmail.com',
      message: valid.message,
    });
    expect(message?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(message?.receivedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(forwarded.map((m) => m.id)).toEqual([message?.id]);
  });

  it('keeps line breaks of the message', async () => {
    const { post, stored } = await setup();
    await post({ ...valid, message: 'Línea uno\r\nLínea dos' });
    expect((await stored())[0]?.message).toBe('Línea uno\nLínea dos');
  });

  const invalid = [
    ['name', { name: '   ' }, 'Escribí tu nombre.'],
    ['name', { name: 'x'.repeat(101) }, 'El nombre puede tener hasta 100 caracteres (tiene 101).'],
    ['email', { email: '' }, 'Escribí tu e-mail, así te podemos responder.'],
    ['email', { email: 'ana@gmail' }, 'Escribí un e-mail válido, por ejemplo nombre@gmail.com.'],
    ['email', { email: `${'a'.repeat(250)}@x.com` }, 'El e-mail puede tener hasta 254 caracteres'],
    ['message', { message: '' }, 'Contanos qué necesitás'],
    ['message', { message: 'm'.repeat(5001) }, 'El mensaje puede tener hasta 5.000 caracteres'],
  ] as const;

  it.each(invalid)(
    'refuses a bad %s with 422, the Spanish message next to it, and the input kept',
    async (field, change, text) => {
      const { post, stored, forwarded } = await setup();
      const form = { ...valid, ...change };
      const res = await post(form);
      expect(res.status).toBe(422);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const html = res.text;
      const error = new RegExp(
        `<p id="contact-${field}-error" class="contact-field-error">([^<]*)</p>`,
      ).exec(html);
      expect(decodeEntities(error?.[1] ?? '')).toContain(text);
      const own = control(html, `contact-${field}`);
      expect(own).toContain('aria-invalid="true"');
      expect(own).toContain(`aria-describedby="contact-${field}-error"`);
      // The other fields keep what the visitor typed and are not marked.
      if (field !== 'name') expect(control(html, 'contact-name')).toContain(`value="${form.name}"`);
      if (field !== 'email')
        expect(control(html, 'contact-email')).toContain(`value="${form.email}"`);
      if (field !== 'message') expect(textareaContent(html)).toBe(form.message);
      for (const other of ['name', 'email', 'message'].filter((f) => f !== field)) {
        expect(control(html, `contact-${other}`)).not.toContain('aria-invalid');
      }
      expect(headOf(html)).toContain('<title>Revisá el formulario - Contact');
      expect(await stored()).toEqual([]);
      expect(forwarded).toEqual([]);
    },
  );

  it('never renders the visitor text as HTML', async () => {
    const { post } = await setup();
    const attack = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const res = await post({ name: attack, email: 'bad', message: attack, website: '' });
    expect(res.status).toBe(422);
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(textareaContent(res.text)).toBe(attack);
  });

  it('answers an oversized body with a Spanish 413 page and stores nothing', async () => {
    const { post, stored } = await setup();
    const res = await post({ ...valid, message: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.text).toContain('El mensaje es demasiado largo');
    expect(await stored()).toEqual([]);
  });

  it('accepts the longest valid message even when every character is multi-byte', async () => {
    const { post, stored } = await setup();
    const res = await post({ ...valid, message: '€'.repeat(5000) });
    expect(res.status).toBe(303);
    expect((await stored())[0]?.message).toHaveLength(5000);
  });

  it('refuses anything but a form post with 415', async () => {
    const { app, stored } = await setup();
    const res = await request(app)
      .post('/contact')
      .set('Origin', SITE_URL)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(valid));
    expect(res.status).toBe(415);
    expect(res.text).toContain('No pudimos leer el formulario');
    expect(await stored()).toEqual([]);
  });

  it.each(['put', 'delete', 'patch'] as const)(
    'answers %s /contact with 405, not 500, and stores nothing',
    async (method) => {
      const { app, stored } = await setup();
      const res = await request(app)[method]('/contact').type('form').send(valid);
      expect(res.status).toBe(405);
      expect(await stored()).toEqual([]);
    },
  );

  it('limits posts per client: 5 in 10 minutes, then 429 with Retry-After and a Spanish page', async () => {
    const { post, stored } = await setup();
    const from = { 'X-Forwarded-For': '203.0.113.7' };
    const windowStarted = Date.now();
    for (let i = 0; i < 5; i++) {
      // Invalid posts count too: the limit is on attempts.
      const res = await post(
        i % 2 ? { ...valid, message: `Consulta ${i}` } : { ...valid, email: '' },
        from,
      );
      expect(res.status).toBe(i % 2 ? 303 : 422);
    }
    const limited = await post({ ...valid, message: 'Una más' }, from);
    expect(limited.status).toBe(429);
    // The window opened at the first post: what is left of its 600 s, however slow the machine.
    const elapsed = Math.ceil((Date.now() - windowStarted) / 1000);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(600 - elapsed - 1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(limited.text).toContain('Demasiados mensajes seguidos');
    expect(limited.text).toContain('Probá de nuevo en 10 minutos');
    expect((await stored()).map((m) => m.message)).toEqual(['Consulta 1', 'Consulta 3']);
    // Another client is not affected.
    const other = await post(
      { ...valid, message: 'Otra persona' },
      { 'X-Forwarded-For': '198.51.100.2' },
    );
    expect(other.status).toBe(303);
  });

  it('counts a whole IPv6 /64 as one client', async () => {
    const { post } = await setup({ rateLimit: { max: 1, windowMs: 60_000 } });
    expect((await post(valid, { 'X-Forwarded-For': '2001:db8:1:2::1' })).status).toBe(303);
    const rotated = await post(
      { ...valid, message: 'Otra' },
      { 'X-Forwarded-For': '2001:db8:1:2:aaaa:bbbb:cccc:dddd' },
    );
    expect(rotated.status).toBe(429);
  });

  it('answers a filled honeypot like a success but keeps and forwards nothing', async () => {
    const { post, stored, forwarded } = await setup();
    const res = await post({ ...valid, website: 'https://spam.example' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/contact?enviado=1');
    expect(await stored()).toEqual([]);
    expect(forwarded).toEqual([]);
  });

  it('keeps a double submit once', async () => {
    const { post, stored } = await setup();
    const [a, b] = await Promise.all([post(valid), post(valid)]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(await stored()).toHaveLength(1);
  });

  it('tells the visitor when the database fails (503), keeping the text', async () => {
    const { post, store } = await setup();
    await store.close();
    const res = await post(valid);
    expect(res.status).toBe(503);
    expect(res.text).toContain('No pudimos guardar tu mensaje');
    expect(res.text).toContain('escribinos por WhatsApp');
    // ... and the shop's published phone, so the job is not lost.
    const alert = /<p class="contact-form-error" role="alert">[\s\S]*?<\/p>/.exec(res.text)?.[0];
    expect(alert).toContain(`href="tel:${defaultFacts.contact.phoneE164}"`);
    expect(alert).toContain(defaultFacts.contact.phoneDisplay);
    expect(textareaContent(res.text)).toBe(valid.message);
  });

  it('answers 503 and keeps nothing when the disk fills up during the request', async () => {
    const { post, stored, fillDisk } = await setup();
    await post({ ...valid, message: 'Antes de llenarse' });
    await fillDisk();
    const res = await post({ ...valid, message: 'x'.repeat(5000) });
    expect(res.status).toBe(503);
    expect(res.text).toContain('escribinos por WhatsApp');
    expect((await stored()).map((m) => m.message)).toEqual(['Antes de llenarse']);
  });

  it('answers 503 when the database connection is gone mid-way', async () => {
    const { post, store } = await setup();
    await store.close();
    const res = await post(valid);
    expect(res.status).toBe(503);
    expect(res.text).toContain('No pudimos guardar tu mensaje');
  });
});

describe('POST /contact behind a CDN (TRUST_PROXY)', () => {
  const form = (i: number) => ({ ...valid, message: `Consulta número ${i}` });

  it('with one trusted hop, counts each visitor by the address the proxy saw', async () => {
    const { post } = await setup({ env: { TRUST_PROXY: '1' } });
    const answers = [];
    for (let i = 1; i <= 40; i++) {
      // The visitor's own X-Forwarded-For is left of what the proxy appended: ignored.
      answers.push(
        (await post(form(i), { 'X-Forwarded-For': `10.9.9.9, 198.51.100.${i}` })).status,
      );
    }
    expect(answers).toEqual(Array(40).fill(303));
  });

  it('with one trusted hop, 40 posts from one visitor meet 429 after the fifth', async () => {
    const { post, stored } = await setup({ env: { TRUST_PROXY: '1' } });
    const answers = [];
    for (let i = 1; i <= 40; i++) {
      // A different spoofed address each time does not help.
      const spoof = `203.0.113.${i}, 198.51.100.77`;
      answers.push((await post(form(i), { 'X-Forwarded-For': spoof })).status);
    }
    expect(answers).toEqual([...Array(5).fill(303), ...Array(35).fill(429)]);
    expect(await stored()).toHaveLength(5);
  });

  it('refuses TRUST_PROXY=true and nonsense at start, with the reason', async () => {
    await expect(testApp({ env: { TRUST_PROXY: 'true' } })).rejects.toThrow(
      /hop count|number of proxies/,
    );
    await expect(testApp({ env: { TRUST_PROXY: 'cloudflare' } })).rejects.toThrow(/"cloudflare"/);
    await expect(testApp({ env: { TRUST_PROXY: '10.0.0.0/99' } })).rejects.toThrow(
      /10\.0\.0\.0\/99/,
    );
  });
});

describe('POST /contact from another site', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['Origin null', { Origin: 'null' }],
    ['a look-alike Origin', { Origin: `${SITE_URL}.evil.example` }],
    ['no Origin but Sec-Fetch-Site cross-site', { Origin: '', 'Sec-Fetch-Site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site same-site', { Origin: '', 'Sec-Fetch-Site': 'same-site' }],
    ['no Origin but a foreign Referer', { Origin: '', Referer: 'https://evil.example/form' }],
  ];

  it.each(cases)('is refused with 403 given %s', async (_name, headers) => {
    const { app, stored } = await setup();
    let req = request(app).post('/contact').type('form');
    for (const [k, v] of Object.entries(headers)) if (v) req = req.set(k, v);
    const res = await req.send(valid);
    expect(res.status).toBe(403);
    expect(res.text).toContain('No pudimos recibir el formulario');
    expect(await stored()).toEqual([]);
  });

  const allowed: Array<[string, (host: string) => Record<string, string>]> = [
    ['the SITE_URL origin', () => ({ Origin: SITE_URL })],
    [
      'the request host as Origin (no SITE_URL behind a proxy)',
      (host) => ({ Origin: `http://${host}` }),
    ],
    ['Sec-Fetch-Site same-origin', () => ({ 'Sec-Fetch-Site': 'same-origin' })],
    ['a same-site Referer', () => ({ Referer: `${SITE_URL}/contact` })],
    ['no browser headers at all (a script, documented)', () => ({})],
  ];

  it.each(allowed)('is accepted given %s', async (_name, headers) => {
    const { app, stored } = await setup();
    let req = request(app).post('/contact').type('form').set('Host', 'shop.internal:3000');
    for (const [k, v] of Object.entries(headers('shop.internal:3000'))) req = req.set(k, v);
    const res = await req.send(valid);
    expect(res.status).toBe(303);
    expect(await stored()).toHaveLength(1);
  });
});
