import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { whatsappMessage } from '../../helpers/whatsapp.ts';
import { catalogue, SITE_URL, testApp } from '../../helpers/app.ts';
import { count, decodeEntities, headOf, jsonLdBlocks, textOf } from '../../helpers/html.ts';
import { PageCache } from '../../../server/page-cache.ts';
import { answerPages, paths } from '../../../client/paths.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

const { zones } = defaultFacts;
import { tintLaw } from '../../../client/content/tint.ts';
import { warrantyTerms } from '../../../client/content/warranty.ts';

const pages = new PageCache();
const app = await testApp({ pages });

async function get(path: string) {
  const res = await request(app).get(path);
  expect(res.status, path).toBe(200);
  return { res, html: decodeEntities(res.text).replace(/<!-- -->/g, '') };
}

const RUNNING_TITLE = ' - Parabrisas Jujuy</title>';

describe.each([
  [paths.repairOrReplace, '¿Reparar o cambiar el parabrisas?'],
  [paths.insurance, 'Cambiá tu parabrisas con el seguro'],
  [paths.warranty, 'Garantía de colocación'],
  [paths.homeInstallation, 'Colocación a domicilio'],
  [paths.tint, 'Polarizado: qué permite la ley'],
])('%s', (path, h1) => {
  it('answers 200 with its title, description and canonical once each, in <head>', async () => {
    const { html } = await get(path);
    const head = headOf(html);
    expect(count(head, /<title>/)).toBe(1);
    expect(head).toContain(RUNNING_TITLE);
    const description = /<meta name="description" content="([^"]+)"/.exec(head)?.[1] ?? '';
    expect(description.length).toBeGreaterThan(70);
    expect(description.length).toBeLessThanOrEqual(170);
    expect(head).toContain(`<link rel="canonical" href="${SITE_URL}${path}"/>`);
    expect(head).not.toContain('noindex');
    expect(html).toContain(`<h1>${h1}</h1>`);
  });

  it('has breadcrumbs and the business, an AutoRepair serving the zones, in JSON-LD', async () => {
    const { res } = await get(path);
    const blocks = jsonLdBlocks(res.text) as Record<string, unknown>[];
    const trail = blocks.find((b) => b['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[];
    };
    expect(trail.itemListElement.map((i) => i.item)).toEqual([
      `${SITE_URL}/`,
      `${SITE_URL}${path}`,
    ]);
    const business = blocks.find((b) => Array.isArray(b['@type'])) as {
      '@type': string[];
      areaServed: { '@type': string; name: string }[];
    };
    expect(business['@type']).toContain('AutoRepair');
    expect(business.areaServed).toEqual(zones.map((z) => ({ '@type': 'City', name: z.locality })));
  });

  it('keeps the five navigation entries and is linked from the footer', async () => {
    const { html } = await get(path);
    const desktop = /<nav class="nav-desktop"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    expect(count(desktop, /<a /)).toBe(5);
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toContain(`href="${path}"`);
  });
});

describe('the answer pages are reached from the home page, the sitemap and every product', () => {
  it('the home page links each of them, and its banner names the zones and surcharges', async () => {
    const { html } = await get('/');
    const main = html.slice(0, html.indexOf('<footer'));
    for (const path of answerPages) expect(main, path).toContain(`href="${path}"`);
    expect(textOf(main)).toContain(
      'Colocación a domicilio sin cargo en San Salvador de Jujuy, Palpalá y Yala; en Perico y El Carmen, recargo de $\u00a015.000; en San Pedro, recargo de $\u00a030.000.',
    );
  });

  it('the FAQ links the self-check and answers the tint questions with the law', async () => {
    const { html } = await get('/');
    const faq = html.slice(html.indexOf('id="faq"'), html.indexOf('id="contact"'));
    expect(faq).toContain(`href="${paths.repairOrReplace}"`);
    expect(faq).toContain(tintLaw.law);
    expect(faq).toContain(`${tintLaw.windshieldMinPercent} %`);
    const questions = (
      jsonLdBlocks((await request(app).get('/')).text) as Record<string, unknown>[]
    )
      .filter((b) => b['@type'] === 'FAQPage')
      .flatMap((b) => b.mainEntity as { name: string }[]);
    expect(questions.map((q) => q.name)).toContain('¿Qué tan oscuro puede ser el polarizado?');
  });

  it('the sitemap lists the five pages', async () => {
    const res = await request(app).get(paths.sitemap);
    for (const path of answerPages) expect(res.text).toContain(`<loc>${SITE_URL}${path}</loc>`);
  });

  it.each(
    catalogue.catalogue.marcas.flatMap((m) => m.modelos.map((modelo) => modelo.meta.canonical)),
  )('%s links the self-check and the zones, with the free localities', async (path) => {
    const { html } = await get(path);
    expect(html).toContain(`href="${paths.repairOrReplace}"`);
    expect(html).toContain(`href="${paths.homeInstallation}"`);
    expect(textOf(html)).toContain('Colocación a domicilio sin cargo en San Salvador de Jujuy');
  });
});

describe('page contents come from the content modules', () => {
  it('/garantia shows the durations the owner set and the aftercare', async () => {
    const text = textOf((await get(paths.warranty)).html);
    expect(text).toContain(`${warrantyTerms.fittingMonths} meses`);
    expect(text).toContain('No laves el auto durante 24 horas');
    expect(text).toContain('No manejes durante la primera hora');
    expect(text).toContain('Impactos nuevos');
  });

  it('/colocacion-a-domicilio lists each zone with sin cargo, a surcharge or consultar', async () => {
    const text = textOf((await get(paths.homeInstallation)).html);
    expect(text).toContain('San Salvador de Jujuy Sin cargo');
    expect(text).toMatch(/San Pedro Recargo de \$\s30\.000(?!,)/);
    expect(text).toContain('Humahuaca Consultar');
    for (const zone of zones) expect(text).toContain(zone.locality);
  });

  it('/seguros has the WhatsApp button whose message starts "Tengo seguro" and lists the fields', async () => {
    const { html } = await get(paths.insurance);
    const href = /href="(\/ir\/whatsapp\/[^"]+)"[^>]*>[\s\S]{0,400}?Tengo seguro/.exec(html)?.[1];
    const message = await whatsappMessage(app, href ?? '', paths.insurance);
    expect(message).toMatch(/^Tengo seguro/);
    for (const field of ['Aseguradora:', 'Número de póliza:', 'Número de siniestro:'])
      expect(message).toContain(field);
  });

  it('/polarizado names the law, the figures, the VTV and the province', async () => {
    const text = textOf((await get(paths.tint)).html);
    expect(text).toContain('Ley Nacional de Tránsito 24.449');
    expect(text).toContain('779/95');
    expect(text).toContain(`al menos el ${tintLaw.windshieldMinPercent} % de la luz`);
    expect(text).toContain(`al menos el ${tintLaw.otherWindowsMinPercent} % de la luz`);
    expect(text).toContain('VTV');
    expect(text).toContain('consultá la normativa de tu provincia');
  });
});

describe('/reparar-o-cambiar answers a plain GET form', () => {
  const answers = (q: string) => `${paths.repairOrReplace}?${q}`;

  it('the form sends six required questions to the same page, no answer before', async () => {
    const { html } = await get(paths.repairOrReplace);
    expect(html).toMatch(
      /<form class="self-check" action="\/reparar-o-cambiar#resultado" method="get">/,
    );
    for (const name of ['tamano', 'fisura', 'impactos', 'borde', 'vision', 'sensor'])
      expect(html, name).toMatch(new RegExp(`<input type="radio" required="" name="${name}"`));
    expect(html).not.toContain('id="resultado"');
  });

  it.each([
    ['tamano=moneda&fisura=no&impactos=1&borde=no&vision=no&sensor=no', 'Se puede reparar'],
    ['tamano=mayor&fisura=no&impactos=1&borde=no&vision=no&sensor=no', 'Conviene cambiar'],
    ['tamano=moneda&fisura=no&impactos=1&borde=si&vision=no&sensor=no', 'Hay que verlo'],
  ])('%s → %s, with the answers and a photo asked for on WhatsApp', async (query, outcome) => {
    const { html } = await get(answers(query));
    const result = html.slice(html.indexOf('id="resultado"'), html.indexOf('<form'));
    expect(result).toContain(`<h2 id="verdict-title">${outcome}</h2>`);
    const href = /href="(\/ir\/whatsapp\/[^"]+)"/.exec(result)?.[1] ?? '';
    const message = await whatsappMessage(app, href, answers(query));
    expect(message).toContain(`Resultado: ${outcome}.`);
    expect(message).toContain('- Impactos: Uno');
    expect(message).toContain('foto');
    // The chosen answers stay checked to change one and ask again.
    expect(html).toMatch(/name="tamano" checked="" value="(moneda|mayor)"/);
    expect(headOf(html)).toContain(
      `<link rel="canonical" href="${SITE_URL}${paths.repairOrReplace}"/>`,
    );
  });

  it('an incomplete form asks for the rest', async () => {
    const { html } = await get(answers('tamano=moneda'));
    expect(html).toContain('Respondé todas las preguntas');
    expect(html).not.toContain('verdict-title');
  });

  it('unknown parameters and other spellings of an answer make no page of their own', async () => {
    const full = 'tamano=moneda&fisura=no&impactos=1&borde=no&vision=no&sensor=no';
    const first = await get(answers(full));
    await get(paths.repairOrReplace);
    const kept = pages.size;
    const spellings = [
      `${full}&utm_source=whatsapp`,
      `fbclid=1&${full}`,
      'tamano=MONEDA&fisura=No&impactos=01&borde=no&vision=no&sensor=no',
      `${full}&x=1&y=2`,
    ];
    for (const spelling of spellings) {
      const { res } = await get(answers(spelling));
      expect(res.headers.etag, spelling).toBe(first.res.headers.etag);
    }
    for (const junk of ['utm_source=x', 'tamano=enorme', 'impactos=0&sensor=quizas', 'zzz=1']) {
      const { html } = await get(answers(junk));
      expect(html, junk).not.toContain('id="resultado"');
    }
    expect(pages.size).toBe(kept);
  });
});
