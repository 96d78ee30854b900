/**
 * Where the site reads the shop's facts: the newest published version, swapped in whole
 * when the owner publishes (on any instance). Pages read `current()` per request; a swap
 * calls the subscribers, which rebuild the kept pages (server/site.ts).
 */
import type { ShopFacts } from '../../client/facts/types.ts';

export type FactsSource = {
  /** The facts live now. */
  current(): ShopFacts;
  /** Called after each swap; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  close?(): void;
};

/** Facts that never change (route tests, until the facts store is opened). */
export function fixedFacts(facts: ShopFacts): FactsSource {
  return { current: () => facts, subscribe: () => () => {} };
}
