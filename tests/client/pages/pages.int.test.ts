import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { testApp } from '../../helpers/app.ts';
import { decodeEntities, headOf, textOf } from '../../helpers/html.ts';
import { shopContent } from '../../../client/content/business.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

const { contact } = defaultFacts;

const app = await testApp();
const get = async (path: string) => {
  const res = await request(app).get(path);
  expect(res.status).toBe(200);
  return decodeEntities(res.text).replace(/<!-- -->/g, '');
};

describe('navigation on every route', () => {
  it.each([
    '/',
    '/parabrisas',
    '/parabrisa/ford/ka',
    '/about',
    '/models',
    '/testimonials',
    '/team',
    '/contact',
  ])('%s has the desktop labels, the mobile Home entry and /#section links', async (path) => {
    const html = await get(path);
    const desktop = /<nav class="nav-desktop"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    const labels = [...desktop.matchAll(/<a href="\/#(\w[\w-]*)">([^<]+)<\/a>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(labels).toEqual([
      ['home', 'Inicio'],
      ['models', 'Lo que ofrecemos'],
      ['testimonials', 'Testimonios'],
      ['faq', 'Preguntas Frecuentes'],
      ['contact', 'Contacto'],
    ]);
    expect(html).toMatch(/<nav aria-label="Menú móvil"><ul><li><a href="\/#home">Home<\/a>/);
  });
});

describe('home page', () => {
  it('has the sections of the spec in order, with their ids', async () => {
    const html = await get('/');
    const ids = ['home', 'booking-section', 'models', 'testimonials', 'faq', 'contact'];
    const positions = ids.map((id) => html.indexOf(`id="${id}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const banner = html.indexOf('Colocación a domicilio con trabajo garantizado');
    const why = html.indexOf('¿Por qué elegirnos?');
    expect(positions[2]! < banner && banner < why && why < positions[3]!).toBe(true);
  });

  it('shows payment methods, instalments and invoices', async () => {
    const html = await get('/');
    for (const method of shopContent.paymentMethods) expect(html).toContain(method);
    expect(html).toContain('3, 6, 9 y 12 cuotas');
    expect(html).toContain('Emitimos factura');
  });

  it('has four service boxes, the counters and the four glass brands', async () => {
    const html = await get('/');
    expect(html.match(/class="service-box"/g)).toHaveLength(4);
    for (const counter of ['+4', '+485', '+100'])
      expect(html).toContain(`<strong>${counter}</strong>`);
    for (const brand of shopContent.glassBrands) expect(html).toContain(brand);
  });

  it('opens FAQ q1 only, as an exclusive accordion', async () => {
    const html = await get('/');
    const details = [...html.matchAll(/<details([^>]*)>/g)].map((m) => m[1]!);
    expect(details.length).toBeGreaterThan(3);
    expect(details.every((attrs) => attrs.includes('name="faq"'))).toBe(true);
    expect(details.filter((attrs) => attrs.includes('open'))).toHaveLength(1);
    expect(details[0]).toMatch(/id="q1".*open=""/);
  });

  it('embeds the map 300 px high, lazily', async () => {
    const html = await get('/');
    expect(html).toMatch(
      /<iframe class="map"[^>]*src="https:\/\/maps\.google\.com\/maps\?[^"]*output=embed"[^>]*height="300"[^>]*loading="lazy"/,
    );
  });

  it('puts every contact channel, the hours and the tax badge in the footer', async () => {
    const html = await get('/');
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toContain('href="/ir/whatsapp" rel="nofollow"');
    expect(footer).toContain(`tel:${contact.phoneE164}`);
    expect(footer).toContain(`mailto:${contact.email}`);
    expect(footer).toContain(contact.instagramUrl ?? '');
    expect(footer).toContain(contact.facebookUrl ?? '');
    expect(footer).toContain('9:00 a 13:00 y 14:00 a 18:00');
    expect(footer).toContain('Cerrado');
    expect(footer).toMatch(
      /<img src="[^"]*DATAWEB[^"]*" alt="Data Fiscal[^"]*" width="\d+" height="\d+"/,
    );
  });

  it('has a WhatsApp call to action in the hero', async () => {
    const html = await get('/');
    const hero = html.slice(html.indexOf('id="home"'), html.indexOf('id="booking-section"'));
    expect(hero).toMatch(/class="button button-whatsapp[^"]*" href="\/ir\/whatsapp\/[0-9a-z]+"/);
  });

  it('loads no third-party review script, whatever the environment says (decision 25)', async () => {
    const res = await request(
      await testApp({ env: { REVIEWS_WIDGET_URL: 'https://widget.example/reviews.js' } }),
    ).get('/');
    expect(res.text).not.toContain('widget.example');
    const scripts = [...res.text.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    for (const src of scripts) expect(src).toMatch(/^\/assets\//);
  });

  it('sets width and height on every image', async () => {
    for (const path of ['/', '/models', '/team', '/parabrisa/ford/ka']) {
      const imgs = [...(await get(path)).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      expect(imgs.length, path).toBeGreaterThan(0);
      for (const img of imgs)
        expect(img, `${path}: ${img}`).toMatch(/width="\d+"[^>]*height="\d+"/);
    }
  });
});

describe('template leftovers', () => {
  it('about: breadcrumb back home, placeholder text, counters 20, 85, 75', async () => {
    const html = await get('/about');
    expect(html).toMatch(
      /<nav aria-label="Ruta de navegación" class="breadcrumbs"><ol><li><a href="\/">Inicio<\/a>/,
    );
    expect(html).toContain('<h1>About</h1>');
    for (const n of [20, 85, 75]) expect(html).toContain(`<strong>${n}</strong>`);
  });

  it('models: six demo vehicles with their daily prices and labels', async () => {
    const html = await get('/models');
    const cards = html.split('class="card demo-car"').slice(1);
    expect(cards).toHaveLength(6);
    const expected = [
      ['Audi', 'A1', 45],
      ['VW', 'Golf 6', 37],
      ['Toyota', 'Camry', 30],
      ['BMW', '320', 35],
      ['Mercedes', 'Benz GLK', 50],
      ['VW', 'Passat CC', 25],
    ] as const;
    cards.forEach((card, i) => {
      const [brand, line, price] = expected[i]!;
      expect(card).toContain(`<h2>${brand}</h2>`);
      expect(card).toContain(`<p class="demo-car__line">${line}</p>`);
      expect(card).toContain(`<strong>$${price}</strong> / per day`);
      expect(card.match(/<svg class="icon"/g)?.length).toBeGreaterThanOrEqual(5);
      expect(card).toContain('aria-label="5 stars"');
      expect(card).toContain('<li>4/5</li><li>Manual</li><li>Diesel</li>');
      expect(card).toMatch(/<a class="button button-primary" href="\/">Book Ride<\/a>/);
    });
    expect(html).toContain(`href="tel:${contact.phoneE164}"`);
  });

  it('testimonials: no review invented (none published yet), the rule, and the booking banner with the phone', async () => {
    const html = await get('/testimonials');
    expect(textOf(html)).toContain('Todavía no hay opiniones publicadas.');
    expect(html).not.toContain('class="review"');
    expect(html).toContain('id="como-publicamos"');
    expect(html).toContain('class="booking-banner"');
    expect(html).toContain(contact.phoneDisplay);
  });

  it('team: six cards with photo, name and job', async () => {
    const html = await get('/team');
    const cards = html.split('class="card team-card"').slice(1);
    expect(cards).toHaveLength(6);
    for (const card of cards)
      expect(card).toMatch(
        /<img src="\/img\/team-\d\.svg" alt="Foto de [^"]+"[\s\S]*<h2>[^<]+<\/h2><p>[^<]+<\/p>/,
      );
  });

  it('contact: info and the three required fields', async () => {
    const html = await get('/contact');
    expect(html).toContain(contact.phoneDisplay);
    expect(html).toContain(contact.email);
    expect(html).toContain('Serbia');
    expect(html).toMatch(/Full Name/);
    for (const field of ['name', 'email', 'message'])
      expect(html).toMatch(
        new RegExp(`<(input|textarea) [^>]*id="contact-${field}"[^>]*required=""`),
      );
    expect(html).toMatch(/<input type="email"[^>]*id="contact-email"/);
    expect(html).toContain('Tell us about it');
    expect(html).toContain('Send Message');
  });

  it.each(['/about', '/models', '/team', '/contact'])('%s is noindex', async (path) => {
    expect(headOf(await get(path))).toContain('<meta name="robots" content="noindex, follow"/>');
  });
});
