/**
 * What the root route's loader (client/routes.tsx) gives every page, read by the components
 * without importing the routes (which import every page).
 */
import { useRouteLoaderData } from 'react-router-dom';
import type { ShopFacts } from './facts/types.ts';

export type RootData = {
  siteUrl: string;
  /** The shop's facts published when the request arrived: read them with useFacts(). */
  facts: ShopFacts;
};

/** The root loader's type, as `useRouteLoaderData` takes it. */
type RootLoader = (...args: never[]) => RootData;

/** What the root loader gives every page; outside the site's router (an island) there is none. */
export function useRootData(): RootData {
  const root = useRouteLoaderData<RootLoader>('root');
  if (!root) throw new Error('useRootData() outside the site router (an island gets props)');
  return root;
}

export function useSiteUrl(): string {
  return useRootData().siteUrl;
}
