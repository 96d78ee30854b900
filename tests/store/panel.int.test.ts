/** The panel's queries on both engines (PostgreSQL when a server is available). */
import { expect, it } from 'vitest';
import { createInboxStore } from '../../store/inbox.ts';
import { createPanelStore, hashSecret } from '../../store/panel.ts';
import { createContactStore } from '../../store/messages.ts';
import { describeEngines, freshDatabases } from '../helpers/contact-engines.ts';

const openFresh = freshDatabases();

const T0 = new Date('2026-11-25T12:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const TIMEOUTS = { idleMs: 120 * 60_000, absoluteMs: 720 * 60_000 };

describeEngines('the panel store on %s', (engine) => {
  const database = () => openFresh(engine);

  it('people, one-time links, sessions and revocation', async () => {
    const db = await database();
    const store = createPanelStore(db);
    const { person, created } = await store.grantAccess(' Ana@Example.COM ', 'Ana', T0);
    expect(created).toBe(true);
    expect(person.email).toBe('ana@example.com');
    expect((await store.grantAccess('ana@example.com', undefined, T0)).created).toBe(false);

    const token = await store.createToken('sign-in', person.id, T0, 15 * 60_000);
    expect(await store.peekToken('sign-in', token, at(1))).toMatchObject({ id: person.id });
    expect(await store.consumeToken('invite', token, at(1))).toBeUndefined(); // wrong kind
    expect(await store.consumeToken('sign-in', token, at(1))).toMatchObject({ id: person.id });
    expect(await store.consumeToken('sign-in', token, at(1))).toBeUndefined(); // used
    const late = await store.createToken('sign-in', person.id, T0, 15 * 60_000);
    expect(await store.consumeToken('sign-in', late, at(16))).toBeUndefined(); // expired

    const { id } = await store.createSession(person.id, T0, TIMEOUTS, '203.0.113.1');
    expect(await store.findSession(id, at(119), TIMEOUTS.idleMs)).toMatchObject({
      person: { email: 'ana@example.com' },
    });
    expect(await store.findSession(id, at(119 + 121), TIMEOUTS.idleMs)).toBeUndefined();
    const rows = await db.db.selectFrom('panel_sessions').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).toEqual([hashSecret(id)]);

    const second = await store.createSession(person.id, T0, TIMEOUTS, '203.0.113.1');
    const link = await store.createToken('invite', person.id, T0, 60_000);
    await store.addPasskey({
      id: 'cred-1',
      personId: person.id,
      name: 'Mi teléfono',
      publicKey: 'AAAA',
      counter: 0,
      transports: ['internal'],
      createdAt: T0.toISOString(),
    });
    expect(await store.revoke('ANA@example.com', at(1))).toMatchObject({ id: person.id });
    expect(await store.findSession(second.id, at(2), TIMEOUTS.idleMs)).toBeUndefined();
    expect(await store.peekToken('invite', link, at(2))).toBeUndefined();
    expect(await store.passkeysOf(person.id)).toEqual([]);
    const [summary] = await store.listPeople(at(2));
    expect(summary).toMatchObject({ email: 'ana@example.com', passkeys: 0, sessions: 0 });
    expect(summary?.revokedAt).toBeDefined();
  });

  it('challenges are used once; failures count and clear', async () => {
    const store = createPanelStore(await database());
    const id = await store.saveChallenge('abc', undefined, T0, 60_000);
    expect(await store.takeChallenge(id, at(0.5))).toEqual({
      challenge: 'abc',
      personId: undefined,
    });
    expect(await store.takeChallenge(id, at(0.5))).toBeUndefined();
    const old = await store.saveChallenge('def', undefined, T0, 60_000);
    expect(await store.takeChallenge(old, at(2))).toBeUndefined();
    await store.recordFailure('client:x', T0);
    await store.recordFailure('client:x', at(1));
    expect(await store.failures('client:x')).toEqual({ count: 2, lastAt: at(1) });
    await store.clearFailures('client:x');
    expect(await store.failures('client:x')).toBeUndefined();
  });

  it('the inbox: newest first, search, read and answered marks, delete', async () => {
    const db = await database();
    const contact = createContactStore(db);
    for (let n = 0; n < 3; n++) {
      await contact.insert({
        id: `00000000-0000-4000-8000-00000000000${n}`,
        receivedAt: at(n).toISOString(),
        name: n === 1 ? 'Ana_50%' : `Cliente ${n}`,
        email: `c${n}@example.com`,
        message: `Consulta ${n}`,
      });
    }
    const inbox = createInboxStore(db);
    expect((await inbox.list('', 50, 0)).map((m) => m.name)).toEqual([
      'Cliente 2',
      'Ana_50%',
      'Cliente 0',
    ]);
    expect((await inbox.list('ana_50%', 50, 0)).map((m) => m.name)).toEqual(['Ana_50%']);
    expect(await inbox.count('_')).toBe(1); // a typed _ is a letter, not a wildcard
    expect(await inbox.count('C2@EXAMPLE')).toBe(1);
    expect(await inbox.countUnread()).toBe(3);
    await inbox.markRead(['00000000-0000-4000-8000-000000000000'], at(5));
    expect(await inbox.markAnswered('00000000-0000-4000-8000-000000000002', at(6))).toBe(true);
    expect(await inbox.countUnread()).toBe(1); // answered counts as read
    const rows = await inbox.list('', 50, 0);
    expect(rows.map((r) => [r.readAt !== undefined, r.answeredAt !== undefined])).toEqual([
      [true, true],
      [false, false],
      [true, false],
    ]);
    expect(await inbox.remove('00000000-0000-4000-8000-000000000001')).toBe(true);
    expect(await inbox.remove('00000000-0000-4000-8000-000000000001')).toBe(false);
    expect(await inbox.count('')).toBe(2);
    // The messages CLI reads the same rows.
    expect((await contact.list()).map((m) => m.name)).toEqual(['Cliente 0', 'Cliente 2']);
  });
});
