import type { CatalogueLookup } from '../catalogue/lookup.ts';
import { answerPages, panelPaths, paths } from '../client/paths.ts';

/** Text for XML content or attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sitemap protocol's limits per file (sitemaps.org): URLs, and bytes uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;
export type SitemapLimits = { readonly urls: number; readonly bytes: number };

/**
 * Home, the price list and each brand's page, the booking form, the reviews (`/testimonials`,
 * once one is published: before, it is a noindex page saying there is none), the answer pages
 * and every product page (windshields, then rear windows); the other template leftovers and
 * the search stay out.
 */
export function sitemapPaths(catalogue: CatalogueLookup, withReviews = true): string[] {
  const { marcas } = catalogue.catalogue;
  return [
    paths.home,
    paths.priceList,
    ...marcas.map((m) => paths.priceListBrand(m.slug)),
    paths.booking,
    ...(withReviews ? [paths.testimonials] : []),
    ...answerPages,
    ...marcas.flatMap((m) => m.modelos.map((modelo) => modelo.meta.canonical)),
    ...marcas.flatMap((m) => (m.lunetas ?? []).map((modelo) => modelo.meta.canonical)),
  ];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

export type Sitemap = {
  /** `/sitemap.xml`: every URL when one file holds them, else an index of the parts. */
  readonly root: string;
  /** The parts (`/sitemap-1.xml`, …) when the root is an index; none otherwise. */
  readonly parts: readonly string[];
};

/** The site's sitemap, split into files within the protocol's limits when it must be. */
export function sitemap(
  siteUrl: string,
  catalogue: CatalogueLookup,
  limits: SitemapLimits = SITEMAP_LIMITS,
  withReviews = true,
): Sitemap {
  const fixed = Buffer.byteLength(XML_HEAD + URLSET_OPEN + URLSET_CLOSE);
  const files: string[][] = [];
  let current: string[] = [];
  let bytes = fixed;
  for (const path of sitemapPaths(catalogue, withReviews)) {
    const line = `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>\n`;
    const size = Buffer.byteLength(line);
    if (current.length > 0 && (current.length >= limits.urls || bytes + size > limits.bytes)) {
      files.push(current);
      current = [];
      bytes = fixed;
    }
    current.push(line);
    bytes += size;
  }
  files.push(current);
  const urlset = (lines: string[]) => `${XML_HEAD}${URLSET_OPEN}${lines.join('')}${URLSET_CLOSE}`;
  const [only] = files;
  if (files.length === 1 && only) return { root: urlset(only), parts: [] };
  const entries = files
    .map(
      (_, n) =>
        `  <sitemap><loc>${escapeXml(`${siteUrl}${paths.sitemapPart(n + 1)}`)}</loc></sitemap>\n`,
    )
    .join('');
  return {
    root: `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`,
    parts: files.map(urlset),
  };
}

export function robotsTxt(siteUrl: string): string {
  // A booking's private page, the owner's feed and a review link are reached by their token only.
  const privateBookings = [
    paths.bookingManage(''),
    paths.bookingFeed('').replace(/\/turnos\.ics$/, ''),
    paths.review(''),
  ];
  return `User-agent: *\nAllow: /\nDisallow: ${paths.picker}\nDisallow: ${panelPaths.signIn}\nDisallow: ${paths.whatsappOut}\nDisallow: ${paths.quoteForm}\n${privateBookings.map((p) => `Disallow: ${p}\n`).join('')}\nSitemap: ${siteUrl}${paths.sitemap}\n`;
}
