/**
 * What bounds the share pictures' memory by design (server/share/routes.ts,
 * server/share/picture-files.ts; the figures are in docs/performance.md): a burst of new
 * pictures is drawn DRAWS_AT_ONCE at a time, at most DRAWS_WAITING wait, the rest get a 503
 * with Retry-After; a picture drawn is kept as a file, not in memory, within a bound of bytes.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../helpers/app.ts';
import { swappableCatalogue } from '../../helpers/swappable-catalogue.ts';
import { modelsOf } from '../../../catalogue/schema.ts';
import { PIEZAS } from '../../../catalogue/pieces.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';
import { paths } from '../../../client/paths.ts';
import { matchCard, sharePicturePath, type ShareCard } from '../../../client/seo/share-card.ts';
import { drawShareCardTo } from '../../../server/share/draw.ts';
import {
  DRAWS_AT_ONCE,
  DRAWS_WAITING,
  sharePictureRoute,
  type SharePictureOptions,
} from '../../../server/share/routes.ts';

const scratch = mkdtempSync(join(tmpdir(), 'share-turns-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const { source } = swappableCatalogue(sampleCatalogue);
const lookup = sampleCatalogue.lookup;

/** Every model's picture path, as its page names it. */
const picturePaths = lookup.catalogue.marcas.flatMap((marca) =>
  PIEZAS.flatMap((pieza) =>
    modelsOf(marca, pieza).map((modelo) => {
      const match = lookup.findProduct(marca.slug, modelo.slug, pieza);
      if (!match) throw new Error(`${modelo.meta.canonical} is not found`);
      return sharePicturePath(matchCard(defaultFacts, match), modelo.meta.canonical);
    }),
  ),
);

let dirs = 0;
function pictureApp(options: Partial<SharePictureOptions> = {}) {
  dirs += 1;
  const dir = join(scratch, String(dirs));
  const app = express();
  app.get(
    `${paths.sharePictures}/{*picture}`,
    sharePictureRoute({ catalogue: source, facts: () => defaultFacts, dir, ...options }),
  );
  return { app, dir };
}

/** The real drawing, counting how many run at once; `gate` holds each one until it resolves. */
function countedDraw(gate: Promise<void> = Promise.resolve()) {
  const counts = { now: 0, most: 0, started: 0 };
  const draw = async (card: ShareCard, file: string) => {
    counts.started += 1;
    counts.now += 1;
    counts.most = Math.max(counts.most, counts.now);
    try {
      await gate;
      await drawShareCardTo(card, file);
    } finally {
      counts.now -= 1;
    }
  };
  return { counts, draw };
}

describe('share pictures under a burst', () => {
  it(`draws a burst of 40 new pictures ${DRAWS_AT_ONCE} at a time, and answers them all`, async () => {
    const { counts, draw } = countedDraw();
    const { app } = pictureApp({ draw });
    const burst = picturePaths.slice(0, 40);
    expect(new Set(burst).size).toBe(40);
    expect(burst.length).toBeLessThanOrEqual(DRAWS_AT_ONCE + DRAWS_WAITING);
    const answers = await Promise.all(burst.map((path) => request(app).get(path).buffer(true)));
    expect(answers.map((res) => res.status)).toEqual(burst.map(() => 200));
    expect(counts.started).toBe(40);
    expect(counts.most).toBe(DRAWS_AT_ONCE);
  });

  it('turns away what waits beyond the queue with a 503 and Retry-After, never drawing more at once', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { counts, draw } = countedDraw(gate);
    // A shorter queue than the site's, so that the sample catalogue's models overflow it.
    const waiting = 8;
    const { app } = pictureApp({ draw, waiting });
    const extra = 5;
    const burst = picturePaths.slice(0, DRAWS_AT_ONCE + waiting + extra);
    expect(burst.length).toBe(DRAWS_AT_ONCE + waiting + extra);
    const refused: request.Response[] = [];
    const answers = burst.map((path) =>
      request(app)
        .get(path)
        .buffer(true)
        .then((res) => {
          if (res.status === 503) refused.push(res);
          return res;
        }),
    );
    // The drawings are held: the refusals come while the others wait.
    for (let i = 0; refused.length < extra && i < 500; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(refused.length).toBe(extra);
    expect(counts.now).toBe(DRAWS_AT_ONCE);
    for (const res of refused) {
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    open();
    const statuses = (await Promise.all(answers)).map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(DRAWS_AT_ONCE + waiting);
    expect(counts.most).toBe(DRAWS_AT_ONCE);
    expect(counts.started).toBe(DRAWS_AT_ONCE + waiting);
  });

  it('asked together, one picture is drawn once', async () => {
    const { counts, draw } = countedDraw();
    const { app } = pictureApp({ draw });
    const path = picturePaths[0] ?? '';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(app).get(path).buffer(true)),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(counts.started).toBe(1);
  });
});

describe('share pictures kept as files', () => {
  it('a picture drawn is kept as a file and sent from it with the same ETag; a missing file is drawn again', async () => {
    const { counts, draw } = countedDraw();
    const { app, dir } = pictureApp({ draw });
    const path = picturePaths[1] ?? '';
    const first = await request(app).get(path).buffer(true);
    expect(first.status).toBe(200);
    expect(readdirSync(dir).filter((name) => name.endsWith('.png'))).toHaveLength(1);
    const again = await request(app).get(path).buffer(true);
    expect(counts.started).toBe(1);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    const notModified = await request(app)
      .get(path)
      .set('If-None-Match', first.headers.etag ?? '');
    expect(notModified.status).toBe(304);

    for (const name of readdirSync(dir)) rmSync(join(dir, name));
    const redrawn = await request(app).get(path).buffer(true);
    expect(redrawn.status).toBe(200);
    expect(redrawn.headers.etag).toBe(first.headers.etag);
    expect(counts.started).toBe(2);
  });

  it('keeps files within its bound of bytes, and starts with an empty folder', async () => {
    const { app, dir } = pictureApp({ maxBytes: 200 * 1024 });
    for (const path of picturePaths.slice(0, 6)) {
      expect((await request(app).get(path)).status).toBe(200);
    }
    // Removed as they leave the bound (about 75 KB each: two fit).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const kept = readdirSync(dir).filter((name) => name.endsWith('.png'));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(2);

    // A new process on the same folder (a restart) starts from nothing but what is not ours.
    writeFileSync(join(dir, 'LEAME.txt'), 'not a picture');
    pictureApp({ dir });
    expect(readdirSync(dir)).toEqual(['LEAME.txt']);
    expect(existsSync(join(dir, kept[0] ?? ''))).toBe(false);
  });
});
