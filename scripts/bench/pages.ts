/**
 * The bench's page kinds: which pages are measured and how each is prepared (a booking made
 * and a quote issued through their forms for their private pages, a product page with 12
 * versions).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueFile } from '../../server/paths.ts';
import { loadCatalogue } from '../../server/catalogue.ts';
import { sampleCatalogueWith } from '../../tests/helpers/versions-catalogue.ts';
import { versionRows } from '../../tests/fixtures/versions.ts';
import type { EncodingName, Page } from './driver.ts';

/**
 * A product page with 12 versions: the committed catalogue's model with the most versions when
 * it has 12 or more, else the sample plus tests/fixtures/versions.ts (a 12-version Corolla),
 * written to `dir` for the server to serve.
 */
export function manyVersionsPage(dir: string): { path: string; catalogueFile?: string } {
  const models = loadCatalogue(catalogueFile).lookup.catalogue.marcas.flatMap((m) => m.modelos);
  const most = models.reduce<(typeof models)[number] | undefined>(
    (best, m) => ((m.versiones?.length ?? 1) > (best?.versiones?.length ?? 1) ? m : best),
    undefined,
  );
  if (most && (most.versiones?.length ?? 1) >= 12) return { path: most.meta.canonical };
  const file = join(dir, 'catalogue.json');
  writeFileSync(file, sampleCatalogueWith(versionRows));
  return { path: '/parabrisa/toyota/corolla', catalogueFile: file };
}

/**
 * One booking made through the form as a visitor makes it (the first free window for a tint
 * at the shop): its private page's path.
 */
export async function bookOne(ssrUrl: string): Promise<string> {
  const form = await fetch(`${ssrUrl}/turnos?que=polarizado&lugar=taller`);
  const html = await form.text();
  const token = /name="token" value="([\w-]{43})"/.exec(html)?.[1];
  const window = /<input[^>]*value="(\d{4}-\d{2}-\d{2}\/(?:manana|tarde))"(?![^>]*disabled)/.exec(
    html,
  )?.[1];
  if (!token || !window) throw new Error('bench: the booking form has no token or no free window');
  const booked = await fetch(`${ssrUrl}/turnos`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ssrUrl },
    body: new URLSearchParams({
      que: 'polarizado',
      lugar: 'taller',
      turno: window,
      token,
      nombre: 'Banco de pruebas',
      telefono: '388 15 412-3456',
    }),
  });
  const location = booked.headers.get('location');
  if (booked.status !== 303 || !location)
    throw new Error(`bench: booking answered ${booked.status}`);
  return location.split('?')[0] ?? location;
}

/**
 * One insurance quote issued through its form as a visitor does, for the glass the product page
 * links to: the form's path, the customer's own page and the verification page it links to
 * (the PDF's QR code; what the bench knows without any secret).
 */
export async function issueQuote(
  ssrUrl: string,
  productPath: string,
): Promise<{ form: string; own: string; verify: string }> {
  const product = await (await fetch(`${ssrUrl}${productPath}`)).text();
  const form = decodeHtml(/href="(\/presupuesto\?[^"]+)"/.exec(product)?.[1] ?? '');
  if (!form) throw new Error(`bench: ${productPath} links to no quote form`);
  const issued = await fetch(`${ssrUrl}${form}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ssrUrl },
    body: new URLSearchParams({
      ...Object.fromEntries(new URL(form, ssrUrl).searchParams),
      nombre: 'Banco de pruebas',
      aseguradora: 'La Segunda',
      lugar: 'taller',
    }),
  });
  const own = issued.headers.get('location');
  if (issued.status !== 303 || !own) throw new Error(`bench: the quote answered ${issued.status}`);
  const page = await (await fetch(`${ssrUrl}${own}`)).text();
  const verify = decodeHtml(/href="(\/presupuesto\/P-[^"/]+\?[^"]+)"/.exec(page)?.[1] ?? '');
  if (!verify) throw new Error("bench: the quote's page links to no verification page");
  return { form, own, verify };
}

/** An attribute's value as the browser reads it (React escapes `&` in links). */
function decodeHtml(text: string): string {
  return text.replace(/&amp;/g, '&');
}

/**
 * Every kind of page the site serves, as measured against the bare server: home, a product page
 * and one with 12 versions without and with compression asked for; every other kind as browsers
 * ask for it (br, gzip), each with its goal (decision 27: a slow page kind cannot hide).
 */
export function sitePages(
  versionsPath: string,
  privatePage: string,
  quote: { form: string; own: string; verify: string },
  unknownQuote: string,
): Page[] {
  const compressed: readonly EncodingName[] = ['compressed'];
  return [
    { key: 'home', label: 'home /', path: '/' },
    {
      key: 'product',
      label: 'product /parabrisa/peugeot/208-gt',
      path: '/parabrisa/peugeot/208-gt',
    },
    {
      key: 'versions',
      label: `product with 12 versions ${versionsPath}`,
      path: versionsPath,
    },
    // Every other kind of page the site serves, as browsers ask for it (br, gzip).
    ...(
      [
        { key: 'priceList', label: 'price list /parabrisas', path: '/parabrisas' },
        { key: 'brandPage', label: 'brand page /parabrisas/ford', path: '/parabrisas/ford' },
        { key: 'search', label: 'search /buscar?q=hilux', path: '/buscar?q=hilux' },
        { key: 'answer', label: 'answer page /seguros', path: '/seguros' },
        {
          key: 'selfCheck',
          label: "self-check's answer /reparar-o-cambiar?…",
          path: '/reparar-o-cambiar?tamano=moneda&fisura=no&impactos=1&borde=no&vision=no&sensor=no',
        },
        { key: 'privacy', label: 'privacy /privacidad', path: '/privacidad' },
        { key: 'reviews', label: 'reviews /testimonials', path: '/testimonials' },
        { key: 'contact', label: 'contact /contact', path: '/contact' },
        {
          key: 'contactSent',
          label: 'contact sent /contact?enviado=1',
          path: '/contact?enviado=1',
        },
        { key: 'head', label: 'HEAD /', path: '/', method: 'HEAD' },
        { key: 'booking', label: 'booking /turnos (no choice)', path: '/turnos', goal: 0.8 },
        {
          key: 'bookingDays',
          label: 'booking with a choice /turnos?que=reparacion&lugar=taller',
          path: '/turnos?que=reparacion&lugar=taller',
          goal: 0.3,
        },
        {
          key: 'bookingPrivate',
          label: "a booking's private page (no goal: one person's, never kept)",
          path: privatePage,
          noGoal: true,
        },
        {
          key: 'quoteForm',
          label: `quote form ${quote.form.replace(/&.*/, '&…')}`,
          path: quote.form,
        },
        {
          key: 'quoteOwn',
          label: "a quote's own page (no goal: one person's, never kept)",
          path: quote.own,
          noGoal: true,
        },
        {
          key: 'quoteVerify',
          label: "a quote's verification page (no goal: one quote's, never kept)",
          path: quote.verify,
          noGoal: true,
        },
        { key: 'junk404', label: '404 junk path /wp-login.php', path: '/wp-login.php', goal: 0.8 },
        {
          key: 'junk404Head',
          label: '404 junk path, HEAD',
          path: '/wp-login.php',
          method: 'HEAD',
          goal: 0.8,
        },
        {
          key: 'junk404HeadOther',
          label: '404 junk path, HEAD /no-existe-xyz',
          path: '/no-existe-xyz',
          method: 'HEAD',
          goal: 0.8,
        },
        {
          key: 'brand404',
          label: '404 unknown brand /parabrisas/no-existe',
          path: '/parabrisas/no-existe',
          goal: 0.8,
        },
        {
          key: 'model404',
          label: '404 unknown model /parabrisa/ford/no-existe',
          path: '/parabrisa/ford/no-existe',
          goal: 0.8,
        },
        {
          key: 'review404',
          label: '404 unknown review link /opinion/xxx…',
          path: `/opinion/${'x'.repeat(43)}`,
        },
        {
          key: 'link404',
          label: '404 unknown private link /turnos/turno/xxx…',
          path: `/turnos/turno/${'x'.repeat(43)}`,
          goal: 0.8,
        },
        {
          key: 'quote404',
          label: '404 unknown quote /presupuesto/P-…-999999?c=…',
          path: unknownQuote,
          goal: 0.8,
        },
        {
          key: 'search404',
          label: '404 search that found nothing /buscar?q=zzzz',
          path: '/buscar?q=zzzz',
          goal: 0.8,
        },
        {
          key: 'distinct404',
          label: '404 a new junk path every request (no goal: the cost of a flood)',
          path: '/sin-pagina-[<id>]',
          distinct: true,
          noGoal: true,
        },
      ] satisfies Page[]
    ).map((page) => ({ ...page, encodings: compressed })),
  ];
}
