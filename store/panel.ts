/**
 * The owner's panel in the site's database: people, one-time links, sessions, passkeys,
 * WebAuthn challenges, sign-in throttling and the activity log. Secrets (session ids, link
 * tokens) are random 256-bit values stored only as their SHA-256: a copy of the database
 * opens no session. The rules (how long a session lives, how long a link) are the caller's
 * (server/panel/); these queries only apply them.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { PanelPasskeysTable, PanelTokenKind, SiteDatabase } from './schema.ts';

export type Person = {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly createdAt: string;
  readonly revokedAt: string | undefined;
};

export type PersonSummary = Person & { readonly passkeys: number; readonly sessions: number };

export type Session = {
  readonly person: Person;
  readonly csrfToken: string;
  readonly createdAt: string;
  readonly expiresAt: string;
};

export type Passkey = {
  readonly id: string;
  readonly personId: string;
  readonly name: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly createdAt: string;
  readonly lastUsedAt: string | undefined;
};

export type Activity = {
  readonly id: string;
  readonly at: string;
  readonly actor: string | undefined;
  readonly action: string;
  readonly detail: string;
  readonly client: string;
};

/**
 * Where a one-time link lands, and how long it lives: shared by the server and the owner's
 * CLI (`npm run owner`), which both make links. The same paths are client/paths.ts
 * panelPaths.invite and .link (a test holds them equal).
 */
export const PANEL_LINKS = {
  invite: { path: '/panel/invitacion', ttlMs: 24 * 60 * 60_000 },
  'sign-in': { path: '/panel/enlace', ttlMs: 15 * 60_000 },
} as const satisfies Record<PanelTokenKind, { path: string; ttlMs: number }>;

export function panelLinkUrl(siteUrl: string, kind: PanelTokenKind, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${PANEL_LINKS[kind].path}?t=${token}`;
}

export type SessionTimeouts = { readonly idleMs: number; readonly absoluteMs: number };

/** A random secret for a cookie or a link: 256 bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const iso = (date: Date) => date.toISOString();
const later = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();

type PersonRow = {
  id: string;
  email: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
};

function toPerson(row: PersonRow): Person {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: row.created_at,
    revokedAt: row.revoked_at ?? undefined,
  };
}

function parseTransports(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export type PanelStore = ReturnType<typeof createPanelStore>;

export function createPanelStore({ db }: SiteDatabase) {
  const people = () =>
    db.selectFrom('panel_people').select(['id', 'email', 'name', 'created_at', 'revoked_at']);

  return {
    async findPerson(email: string): Promise<Person | undefined> {
      const row = await people().where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return row ? toPerson(row) : undefined;
    },

    async personById(id: string): Promise<Person | undefined> {
      const row = await people().where('id', '=', id).executeTakeFirst();
      return row ? toPerson(row) : undefined;
    },

    /** Everyone, active first, with how many passkeys and open sessions each has. */
    async listPeople(now: Date): Promise<PersonSummary[]> {
      const rows = await people()
        .select((eb) => [
          eb
            .selectFrom('panel_passkeys')
            .whereRef('panel_passkeys.person_id', '=', 'panel_people.id')
            .select((e) => e.fn.countAll<number | string>().as('n'))
            .as('passkeys'),
          eb
            .selectFrom('panel_sessions')
            .whereRef('panel_sessions.person_id', '=', 'panel_people.id')
            .where('panel_sessions.expires_at', '>', iso(now))
            .select((e) => e.fn.countAll<number | string>().as('n'))
            .as('sessions'),
        ])
        .orderBy(sql`revoked_at is not null`)
        .orderBy('email')
        .execute();
      return rows.map((r) => ({
        ...toPerson(r),
        passkeys: Number(r.passkeys ?? 0),
        sessions: Number(r.sessions ?? 0),
      }));
    },

    /**
     * Gives this address access (again, if it was revoked): a new person, or the existing one
     * with its name updated when one is given.
     */
    async grantAccess(
      email: string,
      name: string | undefined,
      now: Date,
    ): Promise<{ person: Person; created: boolean }> {
      const address = normalizeEmail(email);
      const existing = await people().where('email', '=', address).executeTakeFirst();
      if (existing) {
        const row = await db
          .updateTable('panel_people')
          .set({ revoked_at: null, ...(name ? { name } : {}) })
          .where('id', '=', existing.id)
          .returning(['id', 'email', 'name', 'created_at', 'revoked_at'])
          .executeTakeFirstOrThrow();
        return { person: toPerson(row), created: false };
      }
      const row = await db
        .insertInto('panel_people')
        .values({
          id: randomUUID(),
          email: address,
          name: name ?? '',
          created_at: iso(now),
          revoked_at: null,
        })
        .returning(['id', 'email', 'name', 'created_at', 'revoked_at'])
        .executeTakeFirstOrThrow();
      return { person: toPerson(row), created: true };
    },

    /**
     * Takes access away: every session ends, every link and passkey is void. The person stays
     * (revoked) so the activity log keeps its name. Undefined: no such person.
     */
    async revoke(email: string, now: Date): Promise<Person | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('panel_people')
          .set({ revoked_at: iso(now) })
          .where('email', '=', normalizeEmail(email))
          .returning(['id', 'email', 'name', 'created_at', 'revoked_at'])
          .executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom('panel_sessions').where('person_id', '=', row.id).execute();
        await trx.deleteFrom('panel_tokens').where('person_id', '=', row.id).execute();
        await trx.deleteFrom('panel_passkeys').where('person_id', '=', row.id).execute();
        // Their phones stop receiving notifications (store/push.ts).
        const devices = trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('person_id', '=', row.id);
        await trx.deleteFrom('push_deliveries').where('subscription_id', 'in', devices).execute();
        await trx.deleteFrom('push_subscriptions').where('person_id', '=', row.id).execute();
        // Nor their inbox (store/aviso-mail.ts).
        await trx.deleteFrom('aviso_mails').where('person_id', '=', row.id).execute();
        await trx.deleteFrom('aviso_mail_choices').where('person_id', '=', row.id).execute();
        return toPerson(row);
      });
    },

    /** A new one-time link's secret (only its hash is kept); earlier links of that kind stay valid. */
    async createToken(
      kind: PanelTokenKind,
      personId: string,
      now: Date,
      ttlMs: number,
    ): Promise<string> {
      const token = newSecret();
      await db
        .insertInto('panel_tokens')
        .values({
          hash: hashSecret(token),
          kind,
          person_id: personId,
          created_at: iso(now),
          expires_at: later(now, ttlMs),
        })
        .execute();
      await db.deleteFrom('panel_tokens').where('expires_at', '<=', iso(now)).execute();
      return token;
    },

    /** Whose valid link this is, without using it (the page a link opens shows its button). */
    async peekToken(kind: PanelTokenKind, token: string, now: Date): Promise<Person | undefined> {
      const row = await db
        .selectFrom('panel_tokens')
        .innerJoin('panel_people', 'panel_people.id', 'panel_tokens.person_id')
        .select(['id', 'email', 'name', 'panel_people.created_at', 'revoked_at'])
        .where('hash', '=', hashSecret(token))
        .where('kind', '=', kind)
        .where('expires_at', '>', iso(now))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row ? toPerson(row) : undefined;
    },

    /**
     * Uses a link: it is deleted by the same statement that finds it, so two requests cannot
     * both use it. Undefined when unknown, used, expired, or its person revoked.
     */
    async consumeToken(
      kind: PanelTokenKind,
      token: string,
      now: Date,
    ): Promise<Person | undefined> {
      const row = await db
        .deleteFrom('panel_tokens')
        .where('hash', '=', hashSecret(token))
        .where('kind', '=', kind)
        .returning(['person_id', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at <= iso(now)) return undefined;
      const person = await people().where('id', '=', row.person_id).executeTakeFirst();
      return person && person.revoked_at === null ? toPerson(person) : undefined;
    },

    /** A new session: returns the cookie's value (never stored) and the form token. */
    async createSession(
      personId: string,
      now: Date,
      timeouts: SessionTimeouts,
      client: string,
    ): Promise<{ id: string; csrfToken: string }> {
      const id = newSecret();
      const csrfToken = newSecret();
      await db
        .insertInto('panel_sessions')
        .values({
          id_hash: hashSecret(id),
          person_id: personId,
          csrf_token: csrfToken,
          created_at: iso(now),
          last_seen_at: iso(now),
          expires_at: later(now, timeouts.absoluteMs),
          client: client.slice(0, 100),
        })
        .execute();
      // Sessions past their absolute end are of no use to anyone.
      await db.deleteFrom('panel_sessions').where('expires_at', '<=', iso(now)).execute();
      return { id, csrfToken };
    },

    /**
     * The live session with this id, its idle time restarted; undefined when unknown, idle
     * longer than `idleMs`, past its absolute end, or its person revoked.
     */
    async findSession(id: string, now: Date, idleMs: number): Promise<Session | undefined> {
      const hash = hashSecret(id);
      const row = await db
        .selectFrom('panel_sessions')
        .innerJoin('panel_people', 'panel_people.id', 'panel_sessions.person_id')
        .select([
          'panel_people.id',
          'email',
          'name',
          'panel_people.created_at',
          'revoked_at',
          'csrf_token',
          'panel_sessions.created_at as session_created_at',
          'expires_at',
        ])
        .where('id_hash', '=', hash)
        .where('expires_at', '>', iso(now))
        .where('last_seen_at', '>', new Date(now.getTime() - idleMs).toISOString())
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      await db
        .updateTable('panel_sessions')
        .set({ last_seen_at: iso(now) })
        .where('id_hash', '=', hash)
        .execute();
      return {
        person: toPerson(row),
        csrfToken: row.csrf_token,
        createdAt: row.session_created_at,
        expiresAt: row.expires_at,
      };
    },

    async deleteSession(id: string): Promise<void> {
      await db.deleteFrom('panel_sessions').where('id_hash', '=', hashSecret(id)).execute();
    },

    /** Ends every session of this person ("Cerrar todas las sesiones"). */
    async deleteSessionsOf(personId: string): Promise<number> {
      const result = await db
        .deleteFrom('panel_sessions')
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async addPasskey(passkey: Omit<Passkey, 'lastUsedAt'>): Promise<void> {
      await db
        .insertInto('panel_passkeys')
        .values({
          id: passkey.id,
          person_id: passkey.personId,
          name: passkey.name,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: JSON.stringify(passkey.transports),
          created_at: passkey.createdAt,
          last_used_at: null,
        })
        .execute();
    },

    async passkeysOf(personId: string): Promise<Passkey[]> {
      const rows = await db
        .selectFrom('panel_passkeys')
        .selectAll()
        .where('person_id', '=', personId)
        .orderBy('created_at')
        .execute();
      return rows.map(toPasskey);
    },

    async findPasskey(id: string): Promise<Passkey | undefined> {
      const row = await db
        .selectFrom('panel_passkeys')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toPasskey(row) : undefined;
    },

    async passkeyUsed(id: string, counter: number, now: Date): Promise<void> {
      await db
        .updateTable('panel_passkeys')
        .set({ counter, last_used_at: iso(now) })
        .where('id', '=', id)
        .execute();
    },

    /** Removes one of this person's passkeys; false when it is not theirs. */
    async removePasskey(personId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('panel_passkeys')
        .where('id', '=', id)
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Keeps a WebAuthn challenge for one ceremony; returns its id. */
    async saveChallenge(
      challenge: string,
      personId: string | undefined,
      now: Date,
      ttlMs: number,
    ): Promise<string> {
      const id = newSecret();
      await db.deleteFrom('panel_challenges').where('expires_at', '<=', iso(now)).execute();
      await db
        .insertInto('panel_challenges')
        .values({ id, challenge, person_id: personId ?? null, expires_at: later(now, ttlMs) })
        .execute();
      return id;
    },

    /** The challenge, deleted as it is read (used once); undefined when unknown or expired. */
    async takeChallenge(
      id: string,
      now: Date,
    ): Promise<{ challenge: string; personId: string | undefined } | undefined> {
      const row = await db
        .deleteFrom('panel_challenges')
        .where('id', '=', id)
        .returning(['challenge', 'person_id', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at <= iso(now)) return undefined;
      return { challenge: row.challenge, personId: row.person_id ?? undefined };
    },

    /** Failures counted under `key` since the last success, and when the last one was. */
    async failures(key: string): Promise<{ count: number; lastAt: Date } | undefined> {
      const row = await db
        .selectFrom('panel_throttle')
        .select(['failures', 'last_failure_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row
        ? { count: Number(row.failures), lastAt: new Date(row.last_failure_at) }
        : undefined;
    },

    async recordFailure(key: string, now: Date): Promise<void> {
      await db
        .insertInto('panel_throttle')
        .values({ key, failures: 1, last_failure_at: iso(now) })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`panel_throttle.failures + 1`,
            last_failure_at: iso(now),
          }),
        )
        .execute();
    },

    async clearFailures(key: string): Promise<void> {
      await db.deleteFrom('panel_throttle').where('key', '=', key).execute();
    },

    async logActivity(entry: Omit<Activity, 'id'>): Promise<void> {
      await db
        .insertInto('panel_activity')
        .values({
          id: randomUUID(),
          at: entry.at,
          actor: entry.actor ?? null,
          action: entry.action,
          detail: entry.detail.slice(0, 500),
          client: entry.client.slice(0, 100),
        })
        .execute();
    },

    /** Newest first; `before` (an entry's `at`) pages back. */
    async listActivity(limit: number, before?: string): Promise<Activity[]> {
      const rows = await db
        .selectFrom('panel_activity')
        .selectAll()
        .$if(before !== undefined, (q) => q.where('at', '<', before ?? ''))
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        at: r.at,
        actor: r.actor ?? undefined,
        action: r.action,
        detail: r.detail,
        client: r.client,
      }));
    },
  };
}

function toPasskey(row: Selectable<PanelPasskeysTable>): Passkey {
  return {
    id: row.id,
    personId: row.person_id,
    name: row.name,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: parseTransports(row.transports),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at ?? undefined,
  };
}
