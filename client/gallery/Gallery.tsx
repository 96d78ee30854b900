import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { island } from '../islands/island.tsx';
import { fetchGallery } from './fetch-gallery.ts';
import { GALLERY_PAGE_SIZE, type GalleryAlbum, type GalleryState } from './types.ts';
import { homeSections, paths, queryParams } from '../paths.ts';

/** The old site's texts, word for word (docs/product.md, Gallery). */
export const GALLERY_ERROR_TEXT =
  'Error fetching Instagram photos. Please check your request and try again.';

/**
 * How wide a photo is drawn (gallery.css), so the browser picks its srcset width before any
 * CSS loads: the grid's content is min(100vw, 1120px) - 2rem, in 1 to 4 columns of at least
 * 260px with 1rem gaps, and an album's photos share its column, 2px apart.
 */
export const PHOTO_SIZES = {
  /** Two photos side by side (most albums): 178px on a 390px phone, 129px at 1280px. */
  pair: '(min-width: 1120px) 129px, (min-width: 844px) calc(16.7vw - 12px), (min-width: 568px) calc(25vw - 13px), calc(50vw - 17px)',
  single:
    '(min-width: 1120px) 260px, (min-width: 844px) calc(33.4vw - 21px), (min-width: 568px) calc(50vw - 24px), calc(100vw - 32px)',
} as const;
/** The server waits up to 8 s for a cold feed; give up a little after that. */
const FETCH_TIMEOUT_MS = 12_000;

/** 'unavailable': the server was still fetching when we asked; show the profile link. */
type View = GalleryState | { readonly status: 'unavailable' };

/** The shop's published Instagram profile (the island cannot read the facts: it gets them). */
export type InstagramProfile = { readonly url: string; readonly handle: string };

export type GalleryProps = {
  readonly state: GalleryState;
  readonly visibleAlbums: number;
  readonly instagram: InstagramProfile | null;
};

/**
 * The latest-work gallery (an island, hydrated when it comes into view). Without JavaScript
 * everything works through links: each album opens on Instagram and 'Ver más' is a link the
 * server honours (`?albumes=N`). Hydrated, 'Ver más' shows 5 more in place, and a page
 * rendered while the feed was still loading fetches it from /api/galeria.
 */
function LatestWork({ state, visibleAlbums, instagram }: GalleryProps) {
  const [view, setView] = useState<View>(state);

  useEffect(() => {
    if (view.status !== 'loading') return;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, FETCH_TIMEOUT_MS);
    fetchGallery(controller.signal)
      .then((next) => setView(next.status === 'loading' ? { status: 'unavailable' } : next))
      .catch(() => {
        if (timedOut || !controller.signal.aborted) setView({ status: 'error' });
      })
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [view.status]);

  switch (view.status) {
    case 'ready':
      return view.albums.length > 0 ? (
        <AlbumGrid albums={view.albums} initiallyVisible={visibleAlbums} />
      ) : (
        <ProfileLink instagram={instagram} />
      );
    case 'loading':
      return (
        <div className="gallery gallery--loading" aria-busy="true">
          <ul className="gallery__grid" aria-hidden="true">
            {Array.from({ length: GALLERY_PAGE_SIZE }, (_, i) => (
              <li key={i} className="gallery__skeleton" />
            ))}
          </ul>
          <p className="gallery__status">
            Cargando nuestros últimos trabajos…
            {instagram ? (
              <>
                {' '}
                También podés verlos en{' '}
                <a href={instagram.url} rel="noopener">
                  Instagram
                </a>
                .
              </>
            ) : null}
          </p>
        </div>
      );
    case 'error':
      return (
        <div className="gallery gallery--error">
          <p className="gallery__status" lang="en">
            {GALLERY_ERROR_TEXT}
          </p>
          {instagram ? (
            <p className="gallery__status">
              Mirá nuestros trabajos en{' '}
              <a href={instagram.url} rel="noopener">
                Instagram {instagram.handle}
              </a>
              .
            </p>
          ) : null}
        </div>
      );
    default:
      return <ProfileLink instagram={instagram} />;
  }
}

export const Gallery = island('gallery', LatestWork);

function ProfileLink({ instagram }: { instagram: InstagramProfile | null }) {
  if (!instagram) return null;
  return (
    <div className="gallery gallery--link">
      <p className="gallery__status">
        Mirá nuestros últimos trabajos en{' '}
        <a href={instagram.url} rel="noopener">
          Instagram {instagram.handle}
        </a>
        .
      </p>
    </div>
  );
}

function AlbumGrid({
  albums,
  initiallyVisible,
}: {
  albums: readonly GalleryAlbum[];
  initiallyVisible: number;
}) {
  // From the prop, so the server's HTML and the first browser render agree.
  const [visible, setVisible] = useState(initiallyVisible);
  const grid = useRef<HTMLUListElement>(null);
  const focusAt = useRef<number | null>(null);
  const shown = albums.slice(0, visible);
  const next = visible + GALLERY_PAGE_SIZE;

  useEffect(() => {
    // Keyboard users land on the first album just revealed (the button may be gone).
    if (focusAt.current === null) return;
    grid.current?.children[focusAt.current]?.querySelector('a')?.focus();
    focusAt.current = null;
  }, [visible]);

  function showMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return; // new tab or window: let the link do it
    }
    event.preventDefault();
    focusAt.current = visible;
    setVisible(next);
    const url = new URL(window.location.href);
    url.searchParams.set(queryParams.albums, String(next));
    window.history.replaceState(window.history.state, '', url);
  }

  return (
    <div className="gallery">
      <ul className="gallery__grid" ref={grid}>
        {shown.map((album) => (
          <li key={album.id} className="gallery__album">
            <a className="gallery__link" href={album.permalink} rel="noopener">
              {album.photos.map((photo) => (
                <img
                  key={photo.id}
                  className="gallery__photo"
                  src={photo.src}
                  srcSet={photo.srcSet}
                  sizes={album.photos.length > 1 ? PHOTO_SIZES.pair : PHOTO_SIZES.single}
                  alt={photo.alt}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                />
              ))}
            </a>
            {album.caption && <p className="gallery__caption">{album.caption}</p>}
          </li>
        ))}
      </ul>
      {visible < albums.length && (
        <a
          className="gallery__more button button-outline"
          href={`${paths.home}?${queryParams.albums}=${next}#${homeSections.latestWork}`}
          onClick={showMore}
        >
          Ver más
        </a>
      )}
    </div>
  );
}
