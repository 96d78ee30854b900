/**
 * What a panel page's loader and action receive, as `context.panel` (client/app-context.ts):
 * present only when the request carries a live session, filled by the server's panel guard
 * (server/panel/). The types live here, the implementations in server/panel/.
 * How to add a screen: docs/architecture.md, "Adding a panel screen".
 */
import { redirect } from 'react-router-dom';
import { panelPaths } from '../paths.ts';
import type { Inbox } from './inbox-types.ts';
import type { PanelAccess } from './access-types.ts';
import type { DemandFiguresService } from './demand-figures.ts';
import type { Prices } from './prices-types.ts';
import type { Agenda } from './agenda-types.ts';
import type { Backups } from './backup-types.ts';
import type { ReviewModeration } from './reviews-types.ts';
import type { ShopFactsService } from './facts-types.ts';
import type { PanelQuotes } from './quotes-types.ts';
import type { PanelPush } from './push-types.ts';

export type PanelPerson = {
  readonly id: string;
  readonly email: string;
  /** May be empty: then show the e-mail. */
  readonly name: string;
};

/**
 * The panel's server-side services, built once by the site (server/panel/services.ts).
 * A new screen adds its service here and fills it there.
 */
export interface PanelServices {
  /** The contact messages (the inbox screen). */
  readonly inbox: Inbox;
  /** People, passkeys, sessions and the activity log. */
  readonly access: PanelAccess;
  /** The demand figures (the statistics screen). */
  readonly demand: DemandFiguresService;
  /** Prices from a sheet: preview, publish, history; undefined when the site serves a fixed catalogue. */
  readonly prices: Prices | undefined;
  /** The bookings' agenda, closures, places and the calendar feed. */
  readonly agenda: Agenda;
  /** The daily backup's state (the line on the messages screen). */
  readonly backups: Backups;
  /** Reviews: publish or not, answer, delete. */
  readonly reviews: ReviewModeration;
  /** Datos del negocio: the shop's facts, preview, publish, history; undefined when the site serves fixed facts. */
  readonly facts: ShopFactsService | undefined;
  /** The insurance quotes: list, search, "Pasar a turno". */
  readonly quotes: PanelQuotes;
  /** Avisos: this person's devices that receive Web Push notifications. */
  readonly push: PanelPush;
}

export interface PanelContext {
  /** Who is signed in. */
  readonly person: PanelPerson;
  /** This session's form token: every panel form carries it (`<PanelForm>` puts it in). */
  readonly csrfToken: string;
  /** The client the request came from (an address), for the activity log. */
  readonly client: string;
  /** Writes one line of the activity log, signed by this person and client. */
  record(action: string, detail: string): Promise<void>;
  readonly services: PanelServices;
}

/**
 * The signed-in person's context, for a panel loader or action. The guard in front of the
 * panel already sent anyone without a session away; this is the second lock, for a URL
 * that reached the router some other way.
 */
export function requirePanel(context: { readonly panel: PanelContext | undefined }): PanelContext {
  if (!context.panel) throw redirect(panelPaths.signIn, 303);
  return context.panel;
}

/** What a panel action answers when it succeeds: 303 See Other to the page to show next. */
export function seeOther(path: string): Response {
  return redirect(path, 303);
}
