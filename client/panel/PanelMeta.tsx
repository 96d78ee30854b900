import { useRouteLoaderData } from 'react-router-dom';
import { pageTitle } from '../content/business.ts';
import type { panelLoader } from './layout-loaders.ts';

/** The shop's published name, from the panel's top route (client/panel/routes.tsx). */
export function usePanelShopName(): string {
  return useRouteLoaderData<typeof panelLoader>('panel')?.shopName ?? '';
}

/** A panel page's head: its title, and never indexed (the header says so too). */
export function PanelMeta({ title }: { title: string }) {
  return (
    <>
      <title>{pageTitle(`${title} · Panel`, usePanelShopName())}</title>
      <meta name="robots" content="noindex, nofollow" />
    </>
  );
}
