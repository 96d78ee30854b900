import { useRootData } from '../root-data.ts';
import { pageTitle } from '../content/business.ts';
import type { ShopFacts } from './types.ts';

/**
 * The published facts, for components: the root loader hands every page the facts live when
 * the request arrived (`context.facts`), so a page built with them is tagged with them and
 * rebuilt when the owner publishes (server/page-cache.ts, source 'facts'). An island renders
 * in the browser without the router: give it the facts it shows as props.
 */
export function useFacts(): ShopFacts {
  return useRootData().facts;
}

/** A secondary page's `<title>`: 'Precios de parabrisas - Parabrisas Jujuy' (the published name). */
export function usePageTitle(title: string): string {
  return pageTitle(title, useFacts().contact.name);
}
