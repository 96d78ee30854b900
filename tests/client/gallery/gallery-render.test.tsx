import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Gallery, GALLERY_ERROR_TEXT, PHOTO_SIZES } from '../../../client/gallery/Gallery.tsx';
import { isGalleryState } from '../../../client/gallery/fetch-gallery.ts';
import type { GalleryAlbum, GalleryState } from '../../../client/gallery/types.ts';
/** The shop's profile as the home page passes it to the island (from the published facts). */
const instagram = {
  url: 'https://www.instagram.com/taller.de.prueba/',
  handle: '@taller.de.prueba',
};
import { count, decodeEntities } from '../../helpers/html.ts';

function sampleAlbums(n: number): GalleryAlbum[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `1800000000000000${i}1`,
    permalink: `https://www.instagram.com/p/ALBUM${i}/`,
    caption: i === 2 ? '<script>alert("x")</script> & listo' : `Trabajo ${i + 1}`,
    photos: [
      {
        id: `${i}a`,
        src: `/fotos/${i}a-360.webp`,
        srcSet: `/fotos/${i}a-180.webp 180w, /fotos/${i}a-360.webp 360w, /fotos/${i}a-540.webp 540w`,
        width: 360,
        height: 450,
        alt: `Foto ${i}a`,
      },
      {
        id: `${i}b`,
        src: `/fotos/${i}b-360.webp`,
        srcSet: `/fotos/${i}b-180.webp 180w, /fotos/${i}b-360.webp 360w, /fotos/${i}b-540.webp 540w`,
        width: 360,
        height: 450,
        alt: `Foto ${i}b`,
      },
    ],
  }));
}

const render = (state: GalleryState, visibleAlbums = 5) =>
  renderToString(<Gallery state={state} visibleAlbums={visibleAlbums} instagram={instagram} />);
const ready = (n: number): GalleryState => ({ status: 'ready', albums: sampleAlbums(n) });

describe('<Gallery> on the server', () => {
  it.each([
    [5, 5, '/?albumes=10#testimonials'],
    [10, 10, '/?albumes=15#testimonials'],
    [15, 12, undefined],
    [1000, 12, undefined],
  ])('asked for %i of 12 albums: shows %i, "Ver más" links to %s', (visible, shown, more) => {
    const html = render(ready(12), visible);
    expect(count(html, /class="gallery__album"/)).toBe(shown);
    expect(count(html, /class="gallery__photo"/)).toBe(shown * 2);
    const link = /<a class="gallery__more button button-outline" href="([^"]+)">Ver más<\/a>/.exec(
      html,
    );
    expect(link?.[1] && decodeEntities(link[1])).toBe(more);
  });

  it('no "Ver más" when all albums fit', () => {
    expect(render(ready(5))).not.toContain('gallery__more');
    expect(count(render(ready(3)), /class="gallery__album"/)).toBe(3);
  });

  it('each photo is lazy, sized, described, inside a link to the album', () => {
    const html = render(ready(1));
    expect(html).toContain(
      '<a class="gallery__link" href="https://www.instagram.com/p/ALBUM0/" rel="noopener">',
    );
    const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
    for (const attr of [
      'class="gallery__photo"',
      'src="/fotos/0a-360.webp"',
      'srcSet="/fotos/0a-180.webp 180w, /fotos/0a-360.webp 360w, /fotos/0a-540.webp 540w"',
      `sizes="${PHOTO_SIZES.pair}"`,
      'alt="Foto 0a"',
      'width="360"',
      'height="450"',
      'loading="lazy"',
      'decoding="async"',
    ]) {
      expect(img).toContain(attr);
    }
    expect(html).not.toMatch(/cdninstagram|fbcdn/);
  });

  it('a one-photo album sizes its photo for the whole tile', () => {
    const [album] = sampleAlbums(1);
    const html = render({
      status: 'ready',
      albums: [{ ...album!, photos: album!.photos.slice(0, 1) }],
    });
    expect(html).toContain(`sizes="${PHOTO_SIZES.single}"`);
    expect(PHOTO_SIZES.single).not.toBe(PHOTO_SIZES.pair);
  });

  it('escapes captions', () => {
    const html = render(ready(3));
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; listo');
  });

  it('error: the message from the spec, word for word, and the profile link', () => {
    const html = render({ status: 'error' });
    expect(html).toContain(`<p class="gallery__status" lang="en">${GALLERY_ERROR_TEXT}</p>`);
    expect(GALLERY_ERROR_TEXT).toBe(
      'Error fetching Instagram photos. Please check your request and try again.',
    );
    expect(html).toContain(`href="${instagram.url}"`);
    expect(html).not.toContain('gallery__album');
  });

  it('loading: skeletons and the profile link, no albums', () => {
    const html = render({ status: 'loading' });
    expect(html).toContain('aria-busy="true"');
    expect(count(html, /class="gallery__skeleton"/)).toBe(5);
    expect(html).toContain(`href="${instagram.url}"`);
    expect(html).not.toContain('gallery__album');
  });

  it.each([{ status: 'disabled' } as const, { status: 'ready', albums: [] } as const])(
    '$status with nothing to show: a friendly link to the profile',
    (state) => {
      const html = render(state);
      expect(html).toContain(`href="${instagram.url}"`);
      expect(html).toContain(instagram.handle);
      expect(html).not.toContain(GALLERY_ERROR_TEXT);
    },
  );

  it('without a published Instagram profile: no link to one', () => {
    const html = renderToString(
      <Gallery state={{ status: 'error' }} visibleAlbums={5} instagram={null} />,
    );
    expect(html).toContain(GALLERY_ERROR_TEXT);
    expect(html).not.toContain('instagram.com');
  });
});

describe('isGalleryState (what the browser accepts from /api/galeria)', () => {
  it('accepts the states the server sends', () => {
    expect(isGalleryState(ready(2))).toBe(true);
    for (const status of ['loading', 'error', 'disabled']) {
      expect(isGalleryState({ status })).toBe(true);
    }
  });

  it('rejects anything else', () => {
    for (const value of [
      null,
      'ready',
      { status: 'ok' },
      { status: 'ready' },
      { status: 'ready', albums: [{ id: 1 }] },
      { status: 'ready', albums: [{ ...sampleAlbums(1)[0], photos: [{ id: 'x', src: 1 }] }] },
      {
        status: 'ready',
        albums: [
          {
            ...sampleAlbums(1)[0],
            photos: [{ id: 'x', src: '/fotos/x.webp', alt: 'a', srcSet: '' }],
          },
        ],
      },
    ]) {
      expect(isGalleryState(value)).toBe(false);
    }
  });
});
