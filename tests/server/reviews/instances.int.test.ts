/**
 * Two instances on one PostgreSQL: a review published on one rebuilds the kept pages of the
 * other, which notices the version counter change by polling it (server/reviews/index.ts).
 */
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { panelPaths } from '../../../client/paths.ts';
import { openDatabase } from '../../../store/open.ts';
import type { Site } from '../../../server/site.ts';
import { testSite } from '../../helpers/app.ts';
import { freshSettings, POSTGRES, removeTempDirs } from '../../helpers/contact-engines.ts';
import { reviewSite } from '../../helpers/reviews.ts';

const started: Site[] = [];
afterAll(async () => {
  for (const site of started) await site.stop();
  removeTempDirs();
});

describe('reviews on two instances (PostgreSQL)', POSTGRES, () => {
  it(
    "a publish on one instance rebuilds the other's kept pages within its poll",
    { timeout: 60_000 },
    async () => {
      const settings = await freshSettings('postgres');
      const one = await reviewSite({ database: await openDatabase(settings) });
      const other = await testSite({ database: await openDatabase(settings), reviewsPollMs: 100 });
      started.push(one.site, other);
      await other.start({ port: 0, host: '127.0.0.1' });

      const home = async () => request(other.listener).get('/');
      const before = await home();
      expect(before.text).not.toContain('Ana G.');
      expect((await home()).headers.etag).toBe(before.headers.etag);

      const booking = await one.doneBooking(1);
      await one
        .send(await one.askReview(booking), {
          estrellas: '5',
          texto: 'Impecable',
          nombre: 'Ana G.',
        })
        .expect(303);
      const id = (await one.reviews.findByBooking(booking.id))?.id ?? '';
      // Sent but not published: nothing to rebuild anywhere.
      await new Promise((r) => setTimeout(r, 300));
      expect((await home()).headers.etag).toBe(before.headers.etag);

      await one.owner.post(panelPaths.reviews, { accion: 'publicar', id }).expect(303);
      // The instance that published rebuilt at once.
      expect((await request(one.site.listener).get('/')).text).toContain('Ana G.');
      const deadline = Date.now() + 5_000;
      let after = await home();
      while (!after.text.includes('Ana G.') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        after = await home();
      }
      expect(after.text).toContain('Ana G.');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    },
  );
});
