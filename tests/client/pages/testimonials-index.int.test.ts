/**
 * `/testimonials` while no review is published is a thin page ("no reviews yet"): noindex and
 * out of the sitemap; the first published review puts it in both.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../client/paths.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { decodeEntities, headOf } from '../../helpers/html.ts';
import { reviewSite } from '../../helpers/reviews.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('/testimonials in the index', () => {
  it('is noindex and out of the sitemap until the first review is published, then in', async () => {
    const site = await reviewSite();
    const listener = site.site.listener;
    const page = async () =>
      headOf(decodeEntities((await request(listener).get(paths.testimonials)).text));
    const sitemap = async () => locs((await request(listener).get(paths.sitemap)).text);

    const before = await page();
    expect(before).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(before).not.toContain('rel="canonical"');
    expect(await sitemap()).not.toContain(`${SITE_URL}${paths.testimonials}`);
    expect(await sitemap()).toContain(`${SITE_URL}${paths.booking}`);

    await site.publishedReview(1, {
      estrellas: '5',
      texto: 'Impecable, en una hora.',
      nombre: 'Ana G.',
    });

    const after = await page();
    expect(after).not.toContain('noindex');
    expect(after).toContain(`<link rel="canonical" href="${SITE_URL}${paths.testimonials}"/>`);
    expect(await sitemap()).toContain(`${SITE_URL}${paths.testimonials}`);
  });
});
