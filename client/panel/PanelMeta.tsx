import { useRouteLoaderData } from 'react-router-dom';
import { pageTitle } from '../content/business.ts';
import { panelPaths } from '../paths.ts';
import type { panelLoader } from './layout-loaders.ts';

/** The shop's published name, from the panel's top route (client/panel/routes.tsx). */
export function usePanelShopName(): string {
  return useRouteLoaderData<typeof panelLoader>('panel')?.shopName ?? '';
}

/**
 * A panel page's head: its title, never indexed (the header says so too), and the web app
 * manifest that makes the panel installable (only panel pages link it).
 */
export function PanelMeta({ title }: { title: string }) {
  return (
    <>
      <title>{pageTitle(`${title} · Panel`, usePanelShopName())}</title>
      <meta name="robots" content="noindex, nofollow" />
      <link rel="manifest" href={panelPaths.manifest} />
      <link rel="apple-touch-icon" href={panelPaths.icon192} />
    </>
  );
}
