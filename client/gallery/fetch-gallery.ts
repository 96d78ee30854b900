import type { GalleryAlbum, GalleryPhoto, GalleryState } from './types.ts';
import { paths } from '../paths.ts';

/** Fetches the gallery state; throws on a network error, timeout or unexpected answer. */
export async function fetchGallery(signal: AbortSignal): Promise<GalleryState> {
  const response = await fetch(paths.galleryApi, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!isGalleryState(body)) throw new Error('unexpected gallery answer');
  return body;
}

export function isGalleryState(value: unknown): value is GalleryState {
  if (!value || typeof value !== 'object') return false;
  const { status, albums } = value as { status?: unknown; albums?: unknown };
  if (status === 'ready') return Array.isArray(albums) && albums.every(isAlbum);
  return status === 'loading' || status === 'error' || status === 'disabled';
}

function isAlbum(value: unknown): value is GalleryAlbum {
  const album = value as Partial<Record<keyof GalleryAlbum, unknown>> | null;
  return (
    !!album &&
    typeof album.id === 'string' &&
    typeof album.permalink === 'string' &&
    typeof album.caption === 'string' &&
    Array.isArray(album.photos) &&
    album.photos.every(isPhoto)
  );
}

function isPhoto(value: unknown): value is GalleryPhoto {
  const p = value as Partial<Record<keyof GalleryPhoto, unknown>> | null;
  return (
    !!p &&
    typeof p.id === 'string' &&
    typeof p.src === 'string' &&
    typeof p.srcSet === 'string' &&
    typeof p.alt === 'string' &&
    typeof p.width === 'number' &&
    typeof p.height === 'number'
  );
}
