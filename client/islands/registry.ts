import type { Island } from './island.tsx';

/**
 * When the browser hydrates an island, and so loads React if nothing loaded it yet. Before
 * that the island is plain HTML that already works (links, forms, CSS `:target`), so later
 * only means "enhanced later".
 * - `load`: as soon as the page is parsed;
 * - `idle`: after the page's load event, when the main thread is idle;
 * - `visible`: when the island comes near the viewport;
 * - `interaction`: at the first pointer, touch, key or focus inside the island (what that
 *   first tap does is the plain HTML's: the island must take over from that state);
 * - `scroll`: once the page is scrolled.
 */
export type When = 'load' | 'idle' | 'visible' | 'interaction' | 'scroll';

type Entry<Name extends string> = {
  readonly when: When;
  /** The island's own chunk: a dynamic import, so a page loads only the islands it has. */
  readonly load: () => Promise<Island<Name, never>>;
};

/** Each entry's key must be the name its component was made an island with. */
function defineIslands<R extends { readonly [Name in keyof R]: Entry<Name & string> }>(
  registry: R,
): R {
  return registry;
}

/**
 * Every island of the site, for the browser's loader (client/entry-client.ts). Adding one:
 * `export const X = island('x', XView)` beside the component, and one entry here
 * (docs/decisions/2026-11-23-islands.md).
 */
export const islands = defineIslands({
  menu: {
    when: 'interaction',
    load: () => import('../components/MobileMenu.tsx').then((m) => m.MobileMenu),
  },
  picker: {
    when: 'interaction',
    load: () => import('../components/ModelPicker.tsx').then((m) => m.ModelPicker),
  },
  versionFilter: {
    when: 'interaction',
    load: () => import('../components/VersionFilter.tsx').then((m) => m.VersionFilter),
  },
  bookingWindows: {
    when: 'idle',
    load: () => import('../components/LiveBookingWindows.tsx').then((m) => m.LiveBookingWindows),
  },
  gallery: {
    when: 'visible',
    load: () => import('../gallery/Gallery.tsx').then((m) => m.Gallery),
  },
  // The panel's passkey ceremony (client/panel/): no public page renders it.
  passkey: {
    when: 'load',
    load: () => import('../panel/PasskeyButton.tsx').then((m) => m.PasskeyButton),
  },
  // The panel's "Activar avisos" (client/panel/): no public page renders it.
  pushActivate: {
    when: 'load',
    load: () => import('../panel/PushActivate.tsx').then((m) => m.PushActivate),
  },
  scrollTop: {
    when: 'scroll',
    load: () => import('../components/ScrollToTop.tsx').then((m) => m.ScrollToTop),
  },
});

export type IslandName = keyof typeof islands;

export function isIslandName(name: string | null): name is IslandName {
  return name !== null && Object.hasOwn(islands, name);
}
