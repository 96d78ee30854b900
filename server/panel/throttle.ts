/**
 * Slowing down failed sign-ins, never locking anyone out (docs/decisions/2026-11-25-panel.md).
 * - Per client (an address, or an IPv6 /64): after FREE_FAILURES failures in a row, that
 *   client waits before its next try, doubling up to MAX_WAIT_S; a success clears it. A
 *   stranger failing on purpose slows down only their own connection, never the owner's.
 * - Successful sign-ins are never counted, so a handful a minute is never refused.
 * - Sign-in e-mails per person: at most MAILS_PER_WINDOW per MAIL_WINDOW_MS (the answer is
 *   the same either way: nobody learns whether an address is known).
 */
import type { PanelStore } from '../../store/panel.ts';
import { clientKey } from '../forms/post-guards.ts';

export const FREE_FAILURES = 5;
export const MAX_WAIT_S = 60;
export const MAILS_PER_WINDOW = 3;
export const MAIL_WINDOW_MS = 15 * 60_000;

export type Throttle = ReturnType<typeof createThrottle>;

export function createThrottle(store: PanelStore, now: () => Date) {
  const key = (ip: string) => `client:${clientKey(ip)}`;
  return {
    /** Seconds this client must still wait before trying again (0: go ahead). */
    async waitFor(ip: string): Promise<number> {
      const failures = await store.failures(key(ip));
      if (!failures || failures.count < FREE_FAILURES) return 0;
      const waitS = Math.min(MAX_WAIT_S, 2 ** (failures.count - FREE_FAILURES));
      const left = failures.lastAt.getTime() + waitS * 1000 - now().getTime();
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    failed: (ip: string) => store.recordFailure(key(ip), now()),
    succeeded: (ip: string) => store.clearFailures(key(ip)),
    /** Whether another sign-in e-mail may go to this person now (and counts it). */
    async mayMail(personId: string): Promise<boolean> {
      const mailKey = `mail:${personId}`;
      const sent = await store.failures(mailKey);
      if (sent && now().getTime() - sent.lastAt.getTime() > MAIL_WINDOW_MS) {
        await store.clearFailures(mailKey);
      } else if (sent && sent.count >= MAILS_PER_WINDOW) {
        return false;
      }
      await store.recordFailure(mailKey, now());
      return true;
    },
  };
}
