import type { CatalogueLookup } from '../catalogue/lookup.ts';
import { answerPages, panelPaths, paths } from '../client/paths.ts';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Home, the price list, the answer pages and every product page (windshields, then rear windows); the template leftovers stay out. */
export function sitemapXml(siteUrl: string, catalogue: CatalogueLookup): string {
  const pages = [
    paths.home,
    paths.priceList,
    paths.booking,
    ...answerPages,
    ...catalogue.catalogue.marcas.flatMap((m) => m.modelos.map((modelo) => modelo.meta.canonical)),
    ...catalogue.catalogue.marcas.flatMap((m) =>
      (m.lunetas ?? []).map((modelo) => modelo.meta.canonical),
    ),
  ];
  const urls = pages
    .map((p) => `  <url><loc>${escapeXml(`${siteUrl}${p}`)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  // A booking's private page and the owner's feed are reached by their token only.
  const privateBookings = [
    paths.bookingManage(''),
    paths.bookingFeed('').replace(/\/turnos\.ics$/, ''),
  ];
  return `User-agent: *\nAllow: /\nDisallow: ${paths.picker}\nDisallow: ${panelPaths.signIn}\n${privateBookings.map((p) => `Disallow: ${p}\n`).join('')}\nSitemap: ${siteUrl}${paths.sitemap}\n`;
}
