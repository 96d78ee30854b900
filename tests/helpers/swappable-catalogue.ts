import type { PriceRow } from '../../catalogue/schema.ts';
import { parseCatalogue, type LoadedCatalogue } from '../../server/catalogue.ts';
import type { CatalogueListener, CatalogueSource } from '../../server/live-catalogue.ts';
import { sampleCatalogueWith } from './versions-catalogue.ts';

/** The sample catalogue with `rows` replacing the models they name, loaded as the server does. */
export function loadedSampleWith(rows: readonly PriceRow[]): LoadedCatalogue {
  const parsed = parseCatalogue(new TextEncoder().encode(sampleCatalogueWith(rows)));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.catalogue;
}

/** A catalogue source a test swaps (as a publish does), telling the site's subscribers. */
export function swappableCatalogue(first: LoadedCatalogue) {
  let live = first;
  const listeners = new Set<CatalogueListener>();
  const source: CatalogueSource = {
    current: () => live,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    swap(next: LoadedCatalogue) {
      live = next;
      for (const listener of listeners) listener(next);
    },
  };
}
