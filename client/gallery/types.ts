/** What the gallery renders: already reduced to what the page needs (no tokens, no raw API data). */
export type GalleryPhoto = {
  readonly id: string;
  readonly alt: string;
  /** Our own copy (never Instagram's CDN): the fallback width. */
  readonly src: string;
  /** Every stored width, `url 360w, url 540w, ...`. */
  readonly srcSet: string;
  /** The real dimensions of `src` (its aspect ratio reserves the space: no layout shift). */
  readonly width: number;
  readonly height: number;
};

export type GalleryAlbum = {
  readonly id: string;
  readonly permalink: string;
  readonly caption: string;
  readonly photos: readonly GalleryPhoto[];
};

export type GalleryState =
  | { readonly status: 'ready'; readonly albums: readonly GalleryAlbum[] }
  /** Cold cache: the first fetch is under way. */
  | { readonly status: 'loading' }
  /** The feed failed and there is no earlier good feed to show. */
  | { readonly status: 'error' }
  /** No Instagram token configured: show a link to the profile instead. */
  | { readonly status: 'disabled' };

/** docs/product.md, Gallery: 5 albums at first, 5 more per 'view more', 2 photos per album. */
export const GALLERY_PAGE_SIZE = 5;
export const GALLERY_PHOTOS_PER_ALBUM = 2;
/** `?albumes=` beyond this shows no more: a feed keeps 30 albums. */
const MAX_VISIBLE_ALBUMS = 1000;

/**
 * `?albumes=N`, the no-JavaScript 'view more': how many albums to show, in whole pages of
 * GALLERY_PAGE_SIZE, from one page up to MAX_VISIBLE_ALBUMS. Anything unreadable is one page.
 */
export function albumsToShow(raw: string | null): number {
  const asked = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(asked) && asked > GALLERY_PAGE_SIZE
    ? Math.min(Math.ceil(asked / GALLERY_PAGE_SIZE) * GALLERY_PAGE_SIZE, MAX_VISIBLE_ALBUMS)
    : GALLERY_PAGE_SIZE;
}

/** The page identity's form of `?albumes=`: the number shown, none for the first page. */
export function canonicalAlbums(raw: string): string | undefined {
  const shown = albumsToShow(raw);
  return shown === GALLERY_PAGE_SIZE ? undefined : String(shown);
}

/** What /healthz reports about the feed (never the token). */
export type GalleryHealth = {
  readonly configured: boolean;
  readonly state: 'ok' | 'stale' | 'loading' | 'failing' | 'token-invalid' | 'disabled';
  /** ISO time of the last successful fetch, if any. */
  readonly lastSuccessAt: string | null;
  readonly albums: number;
  /** Kind of the last failure since the last success ('timeout', 'rate-limited', ...). */
  readonly lastError: string | null;
  /** ISO time before which no new fetch is attempted (backing off), if any. */
  readonly retryAfter: string | null;
  /** Our copies of the album photos (DATA_DIR/photos); null without Instagram. */
  readonly photos: PhotoHealth | null;
};

export type PhotoHealth = {
  /** Photos with a copy on disk, and the bytes those copies use. */
  readonly stored: number;
  readonly bytes: number;
  /** Waiting for or under download. */
  readonly pending: number;
  /** Photos whose last download or decode failed (retried later with back-off). */
  readonly failing: number;
};

export interface GallerySource {
  /** Current state; waits at most `waitMs` for a cold cache to fill (0 = never wait). */
  snapshot(options?: { waitMs?: number }): Promise<GalleryState>;
  /** Server only: the feed's state for /healthz. */
  health?(): GalleryHealth;
  /**
   * Server only: `listener` runs whenever what `snapshot()` answers may have changed (a new
   * feed, a photo copy stored or removed). Returns the unsubscribe function.
   */
  onChange?(listener: () => void): () => void;
}
