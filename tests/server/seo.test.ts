import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalogue.ts';
import { catalogueFile } from '../../server/paths.ts';
import { sitemap, sitemapPaths, SITEMAP_LIMITS } from '../../server/seo.ts';

const SITE = 'https://parabrisas.test';
const catalogue = loadCatalogue(catalogueFile).lookup;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('the sitemap', () => {
  it('one file while the protocol allows it: every page, brand pages included', () => {
    const { root, parts } = sitemap(SITE, catalogue);
    expect(parts).toEqual([]);
    expect(root).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(root)).toEqual(sitemapPaths(catalogue).map((p) => `${SITE}${p}`));
    expect(locs(root)).toContain(`${SITE}/parabrisas/toyota`);
    expect(locs(root)).not.toContain(`${SITE}/buscar`);
  });

  it('an index of parts when the URLs exceed a file, every URL in exactly one part', () => {
    const all = sitemapPaths(catalogue).map((p) => `${SITE}${p}`);
    const { root, parts } = sitemap(SITE, catalogue, { urls: 20, bytes: SITEMAP_LIMITS.bytes });
    expect(root).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(parts).toHaveLength(Math.ceil(all.length / 20));
    expect(locs(root)).toEqual(parts.map((_, n) => `${SITE}/sitemap-${n + 1}.xml`));
    for (const part of parts) expect(locs(part).length).toBeLessThanOrEqual(20);
    expect(parts.flatMap(locs)).toEqual(all);
  });

  it('a file also ends before the byte limit', () => {
    const { parts } = sitemap(SITE, catalogue, { urls: 50_000, bytes: 2_000 });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(2_000);
  });
});
