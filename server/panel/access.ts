/** People, passkeys, sessions and the activity log as the panel's screens use them. */
import type { PanelAccess } from '../../client/panel/access-types.ts';
import { PANEL_LINKS, panelLinkUrl, type PanelStore } from '../../store/panel.ts';
import type { Logger } from '../logger.ts';
import type { PanelMailer } from './mail.ts';

/** Entries per page of the activity log. */
export const ACTIVITY_PAGE = 100;

export function createAccess(deps: {
  readonly store: PanelStore;
  readonly siteUrl: string;
  readonly now: () => Date;
  readonly mailer: PanelMailer | undefined;
  readonly logger: Logger;
}): PanelAccess {
  const { store, now } = deps;
  return {
    async people() {
      return (await store.listPeople(now())).map((p) => ({
        id: p.id,
        email: p.email,
        name: p.name,
        revoked: p.revokedAt !== undefined,
        passkeys: p.passkeys,
        sessions: p.sessions,
      }));
    },
    async invite(email, name) {
      const { person } = await store.grantAccess(email, name, now());
      const token = await store.createToken('invite', person.id, now(), PANEL_LINKS.invite.ttlMs);
      const link = panelLinkUrl(deps.siteUrl, 'invite', token);
      let emailed = false;
      if (deps.mailer) {
        try {
          await deps.mailer.sendInvitation(person, link);
          emailed = true;
        } catch (error) {
          deps.logger.error({ err: error }, 'panel: the invitation e-mail failed');
        }
      }
      return { link, emailed };
    },
    async invitation(token) {
      const person = await store.peekToken('invite', token, now());
      return person ? { email: person.email } : undefined;
    },
    async revoke(email) {
      return (await store.revoke(email, now())) !== undefined;
    },
    async passkeys(personId) {
      return (await store.passkeysOf(personId)).map((k) => ({
        id: k.id,
        name: k.name,
        createdAt: k.createdAt,
        lastUsedAt: k.lastUsedAt,
      }));
    },
    removePasskey: (personId, id) => store.removePasskey(personId, id),
    signOutEverywhere: (personId) => store.deleteSessionsOf(personId),
    async activity(before) {
      return store.listActivity(ACTIVITY_PAGE, before);
    },
  };
}
