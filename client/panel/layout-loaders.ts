/**
 * The loaders of the panel's two layout routes (client/panel/routes.tsx), apart from the
 * routes so that the components reading their data do not import every screen.
 */
import type { AppLoaderArgs } from '../app-context.ts';
import { requirePanel } from './context.ts';
import { waitingCounts } from './waiting.ts';

/** Every panel page: the session's form token (empty when signed out) for PanelForm, and the shop's published name. */
export function panelLoader({ context }: AppLoaderArgs) {
  return { csrfToken: context.panel?.csrfToken ?? '', shopName: context.facts.contact.name };
}

/**
 * The signed-in layout's data: who, and what waits (the nav's counts). Without a session:
 * 303 to the sign-in page.
 */
export async function privateLoader({ context }: AppLoaderArgs) {
  const { person, services } = requirePanel(context);
  return { person, waiting: await waitingCounts(services, context.now) };
}
