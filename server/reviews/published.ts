/**
 * The published reviews the public pages show, followed into memory: home, `/testimonials`
 * and the product pages never read the database when they render
 * (docs/decisions/2026-12-04-pages-never-read-the-database.md). The snapshot is read at start,
 * again after a change made on this instance, and whenever the store's version counter moved
 * (another instance's change, or a read that failed before). A failed read keeps the last good
 * snapshot; with none yet, the pages show no reviews until the database answers.
 */
import type { PublishedReviews, ReviewSummary } from '../../client/reviews/types.ts';
import type { HideReason } from '../../store/schema.ts';
import type { Review, ReviewStore } from '../../store/reviews.ts';
import { followNewest } from '../follow-newest.ts';
import type { Logger } from '../logger.ts';
import { toFilter, toPublic, toSummary, type ReviewCounts, type ReviewFilter } from './views.ts';

/** The reviews of one scope: published ones newest first, and the counts. */
type Group = { readonly published: Review[]; readonly counts: ReviewCounts };

function emptyCounts(): ReviewCounts {
  return {
    stars: [0, 0, 0, 0, 0],
    hidden: { insultos: 0, 'datos-personales': 0, 'no-habla-del-trabajo': 0 },
  };
}

const EMPTY: Group = { published: [], counts: emptyCounts() };

function filterKey(filter: ReviewFilter): string {
  switch (filter.kind) {
    case 'all':
      return 'all';
    case 'job':
      return `job:${filter.job}`;
    case 'product':
      return `product:${filter.product.piece}/${filter.product.brandSlug}/${filter.product.modelSlug}`;
  }
}

/** Every scope a review counts in. */
function keysOf(review: Review): string[] {
  const keys = ['all', filterKey({ kind: 'job', job: review.job })];
  if (review.product) keys.push(filterKey({ kind: 'product', product: review.product }));
  return keys;
}

/** Groups `rows` (newest first, as the store gives them) per scope. */
export function groupReviews(rows: readonly Review[]): ReadonlyMap<string, Group> {
  type Counting = {
    published: Review[];
    stars: [number, number, number, number, number];
    hidden: Record<HideReason, number>;
  };
  const groups = new Map<string, Counting>();
  for (const review of rows) {
    for (const key of keysOf(review)) {
      let group = groups.get(key);
      if (!group) {
        const { stars, hidden } = emptyCounts();
        group = { published: [], stars: [...stars], hidden: { ...hidden } };
        groups.set(key, group);
      }
      const { state } = review;
      if (state.status === 'publicada') {
        group.published.push(review);
        const index = review.stars - 1;
        if (index >= 0 && index < 5) group.stars[index] = (group.stars[index] ?? 0) + 1;
      } else if (state.status === 'oculta') {
        group.hidden[state.reason] += 1;
      }
    }
  }
  return new Map(
    [...groups].map(([key, g]) => [
      key,
      { published: g.published, counts: { stars: g.stars, hidden: g.hidden } },
    ]),
  );
}

export type FollowedReviews = {
  /** What the pages read: memory only, never the database. */
  readonly published: PublishedReviews;
  /** Reads the snapshot again now (after a change on this instance); false when it could not. */
  refresh(): Promise<boolean>;
  /** Looks for another instance's change every `pollMs`; `onSwap` after each new snapshot. */
  start(onSwap: () => void): void;
  stop(): void;
};

export type FollowOptions = {
  readonly store: ReviewStore;
  readonly logger: Logger;
  readonly pollMs: number;
};

export function followReviews({ store, logger, pollMs }: FollowOptions): FollowedReviews {
  let groups: ReadonlyMap<string, Group> = new Map();
  const summaries = new Map<string, ReviewSummary>();
  /** The version the snapshot was read at; -1 before the first good read. */
  let seen = -1;

  async function read(): Promise<void> {
    // The version first: rows read after it are at least that new (a later poll reads again).
    const version = await store.version();
    const rows = await store.decided();
    groups = groupReviews(rows);
    summaries.clear();
    seen = Math.max(seen, version);
  }

  // The first read starts at once; pages wait for it (a failure leaves the empty snapshot).
  let first: Promise<void> | undefined = read().catch((error: unknown) => {
    logger.error({ err: error }, 'reviews: cannot read the published reviews; none shown yet');
  });
  const ready = async () => {
    if (first) await first;
    first = undefined;
  };

  const group = (key: string) => groups.get(key) ?? EMPTY;
  const published: PublishedReviews = {
    async summary(scope) {
      await ready();
      const key = filterKey(toFilter(scope));
      let summary = summaries.get(key);
      if (!summary) {
        summary = toSummary(group(key).counts);
        summaries.set(key, summary);
      }
      return summary;
    },
    async list(scope, offset, limit) {
      await ready();
      return group(filterKey(toFilter(scope)))
        .published.slice(offset, offset + limit)
        .map(toPublic);
    },
  };

  let follower: { stop(): void } | undefined;
  return {
    published,
    async refresh() {
      try {
        await read();
        return true;
      } catch (error) {
        logger.error({ err: error }, 'reviews: cannot read the published reviews again');
        seen = -1; // the poll reads them as soon as the database answers
        return false;
      }
    },
    start(onSwap) {
      if (follower) return;
      follower = followNewest({
        pollMs,
        latestSeq: () => store.version(),
        seen: () => seen,
        onNewer: async () => {
          await read();
          onSwap();
        },
        logger,
        what: 'the published reviews',
      });
    },
    stop() {
      follower?.stop();
      follower = undefined;
    },
  };
}
