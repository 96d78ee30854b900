/**
 * Addresses the site builds from what the owner typed, never pasted as given (a typed URL
 * is an injection and a hole in the CSP): the social profiles from their handle, the Data
 * Fiscal link from its code on ARCA's host, the map from the street address. Each
 * `…Profile` function turns what the owner typed into the one canonical form the facts'
 * schema accepts, or gives the text back unchanged so that the schema refuses it with its
 * message.
 */
import type { ShopAddress } from './types.ts';

function asUrl(text: string): URL | undefined {
  const given = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return new URL(given);
  } catch {
    return undefined;
  }
}

const INSTAGRAM_USER = /^[A-Za-z0-9._]{1,30}$/;
export const INSTAGRAM_PROFILE = /^https:\/\/www\.instagram\.com\/[A-Za-z0-9._]{1,30}\/$/;

/** `@taller`, `instagram.com/taller` or its URL -> `https://www.instagram.com/taller/`. */
export function instagramProfile(text: string): string {
  const typed = text.trim();
  const handle = typed.replace(/^@/, '');
  if (INSTAGRAM_USER.test(handle)) return `https://www.instagram.com/${handle}/`;
  const url = asUrl(typed);
  const user = url?.pathname.split('/').filter(Boolean);
  if (url && /^(www\.|m\.)?instagram\.com$/i.test(url.hostname) && user?.length === 1) {
    const [name = ''] = user;
    if (INSTAGRAM_USER.test(name)) return `https://www.instagram.com/${name}/`;
  }
  return typed;
}

const FACEBOOK_PAGE = /^[A-Za-z0-9.-]{1,80}$/;
export const FACEBOOK_PROFILE =
  /^https:\/\/www\.facebook\.com\/(?:[A-Za-z0-9.-]{1,80}|profile\.php\?id=\d{1,20})$/;

/** `facebook.com/taller`, its URL, or a `profile.php?id=` URL -> `https://www.facebook.com/taller`. */
export function facebookProfile(text: string): string {
  const typed = text.trim();
  const url = asUrl(typed);
  if (!url || !/^(www\.|m\.|web\.)?facebook\.com$/i.test(url.hostname)) return typed;
  const path = url.pathname.split('/').filter(Boolean);
  const id = url.searchParams.get('id');
  if (path.length === 1 && path[0] === 'profile.php' && id && /^\d{1,20}$/.test(id))
    return `https://www.facebook.com/profile.php?id=${id}`;
  const [page = ''] = path;
  return path.length === 1 && FACEBOOK_PAGE.test(page) ? `https://www.facebook.com/${page}` : typed;
}

/** ARCA's (ex AFIP) Data Fiscal QR: its one host, under either name, and the `qr` code only. */
export const DATA_FISCAL_LINK =
  /^https?:\/\/qr\.(?:afip|arca)\.gob\.ar\/\?qr=[A-Za-z0-9_-]{1,120}$/;

export function dataFiscalLink(text: string): string {
  const typed = text.trim();
  const url = asUrl(typed);
  const code = url?.searchParams.get('qr');
  if (
    url &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    /^qr\.(afip|arca)\.gob\.ar$/i.test(url.hostname) &&
    code &&
    /^[A-Za-z0-9_-]{1,120}$/.test(code)
  ) {
    return `${url.protocol}//${url.hostname.toLowerCase()}/?qr=${code}`;
  }
  return typed;
}

/**
 * The shop's review link on Google, in the two forms Google hands a business ("Pedir
 * opiniones": `g.page/r/{id}/review`; or `search.google.com/local/writereview?placeid={id}`).
 */
export const GOOGLE_REVIEW_LINK =
  /^https:\/\/(?:g\.page\/r\/[A-Za-z0-9_-]{1,200}\/review|search\.google\.com\/local\/writereview\?placeid=[A-Za-z0-9_-]{1,200})$/;

/** `g.page/r/CAbc/review`, with or without https:// or `/review` -> `https://g.page/r/CAbc/review`. */
export function googleReviewLink(text: string): string {
  const typed = text.trim();
  const url = asUrl(typed);
  if (!url || url.protocol !== 'https:' || url.username || url.password || url.port) return typed;
  const host = url.hostname.toLowerCase();
  const path = url.pathname.split('/').filter(Boolean);
  const id = /^[A-Za-z0-9_-]{1,200}$/;
  const [r, key = '', review] = path;
  if (
    host === 'g.page' &&
    r === 'r' &&
    id.test(key) &&
    (review ?? 'review') === 'review' &&
    path.length <= 3
  )
    return `https://g.page/r/${key}/review`;
  const place = url.searchParams.get('placeid') ?? '';
  if (host === 'search.google.com' && url.pathname === '/local/writereview' && id.test(place))
    return `https://search.google.com/local/writereview?placeid=${place}`;
  return typed;
}

/** What a profile shows beside its icon: `@taller` for Instagram, `/taller` for Facebook. */
export function profileHandle(url: string): string {
  const { hostname, pathname, searchParams } = new URL(url);
  const name = pathname.split('/').filter(Boolean)[0] ?? '';
  if (hostname.endsWith('instagram.com')) return `@${name}`;
  return name === 'profile.php' ? `/${searchParams.get('id') ?? ''}` : `/${name}`;
}

const mapQuery = (address: ShopAddress) =>
  encodeURIComponent(`${address.street}, ${address.locality}, ${address.region}`);

/** The map to open ("Cómo llegar"), built from the address. */
export function mapLinkUrl(address: ShopAddress): string {
  return `https://maps.google.com/?q=${mapQuery(address)}`;
}

/** The keyless Google Maps embed (the CSP's frame-src names its host), built from the address. */
export function mapEmbedUrl(address: ShopAddress): string {
  return `https://maps.google.com/maps?q=${mapQuery(address)}&z=15&output=embed`;
}
