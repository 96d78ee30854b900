import { GALLERY_PHOTOS_PER_ALBUM } from '../../client/gallery/types.ts';
import type { ChildItem, MediaItem } from './client.ts';

/**
 * From raw API items to the feed the server keeps. The CDN URL stays on the server: it is
 * only where a photo is downloaded from (server/instagram/photos.ts); pages show our copies.
 */

export type FeedPhoto = { readonly id: string; readonly url: string; readonly alt: string };

export type FeedAlbum = {
  readonly id: string;
  readonly permalink: string;
  readonly caption: string;
  readonly photos: readonly FeedPhoto[];
};

/** A photo's text when its post has none (the feed outlives a change of the shop's name). */
export const DEFAULT_ALT = 'Trabajo realizado en nuestro taller';
/** Where an album without its own link points: the feed is the shop's own account. */
const INSTAGRAM_HOME = 'https://www.instagram.com/';
const ALT_MAX = 120;
const CAPTION_MAX = 300;

export function isAlbum(item: MediaItem): boolean {
  return item.media_type === 'CAROUSEL_ALBUM';
}

/**
 * The album's photos: children with a usable image (a VIDEO's `media_url` is an mp4, so its
 * `thumbnail_url`; a child without one is skipped), then the first two of those.
 * Returns undefined when no photo is left: such an album is not shown at all.
 */
export function toAlbum(item: MediaItem, children: readonly ChildItem[]): FeedAlbum | undefined {
  const sources = children
    .map((child) => ({ id: child.id, url: imageUrl(child) }))
    .filter((c): c is { id: string; url: string } => c.url !== undefined)
    .slice(0, GALLERY_PHOTOS_PER_ALBUM);
  if (sources.length === 0) return undefined;
  const alt = altText(item.caption);
  const photos: FeedPhoto[] = sources.map(({ id, url }, i) => ({
    id,
    url,
    alt: sources.length > 1 ? `${alt} (foto ${i + 1} de ${sources.length})` : alt,
  }));
  return {
    id: item.id,
    permalink: httpUrl(item.permalink) ?? INSTAGRAM_HOME,
    caption: truncate((item.caption ?? '').trim(), CAPTION_MAX),
    photos,
  };
}

export function imageUrl(child: ChildItem): string | undefined {
  return httpUrl(child.media_type === 'VIDEO' ? child.thumbnail_url : child.media_url);
}

export function altText(caption: string | undefined): string {
  const text = (caption ?? '').replace(/\s+/g, ' ').trim();
  return text ? truncate(text, ALT_MAX) : DEFAULT_ALT;
}

/** Only http(s) URLs reach an href or src (never `javascript:` and the like). */
function httpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
