/**
 * Two instances' push workers on one PostgreSQL database (each with its own connection pool,
 * as two processes have): every queued event reaches every device exactly once, also when an
 * instance dies after claiming a row and before sending it (the row's lease expires and the
 * other instance sends it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freshSettings, removeTempDirs, POSTGRES } from '../../helpers/contact-engines.ts';
import { startTestPushService, testPushAgent } from '../../helpers/push-service.ts';
import { openDatabase } from '../../../store/open.ts';
import { createPanelStore } from '../../../store/panel.ts';
import { createPushStore } from '../../../store/push.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { createSitePush } from '../../../server/push/index.ts';
import { newBookingPush } from '../../../server/push/notices.ts';
import { createLogger } from '../../../server/logger.ts';
import { testConfig } from '../../helpers/app.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

afterAll(() => removeTempDirs());

describe('push on two instances sharing PostgreSQL', POSTGRES, () => {
  it(
    'each event reaches each device once, also when an instance dies mid-claim',
    { timeout: 60_000 },
    async () => {
      const settings = await freshSettings('postgres');
      const service = await startTestPushService();
      // A little slow, as a real push service: both workers are busy at once.
      service.behave(() => ({ status: 201 }));
      const [a, b] = [await openDatabase(settings), await openDatabase(settings)];
      const config = testConfig({ PUSH_SERVICE_ORIGINS: service.origin });
      const options = {
        config,
        logger: createLogger('silent'),
        facts: () => defaultFacts,
        now: () => new Date(),
        agent: testPushAgent(),
        timeoutMs: 2_000,
        pollMs: 50,
      };
      const one = createSitePush({ ...options, database: a, bookings: createBookingStore(a) });
      const two = createSitePush({ ...options, database: b, bookings: createBookingStore(b) });
      try {
        const { person } = await createPanelStore(a).grantAccess(
          'duenio@example.com',
          'Dueño',
          new Date(),
        );
        for (const id of ['phone', 'tablet']) {
          const outcome = await one.subscribe(
            person.id,
            id,
            service.device(id).subscription,
            new Set(['turnos']),
            '19:00',
          );
          expect(outcome.status).toBe('saved');
        }
        const store = createPushStore(a);
        const events = 20;
        for (let i = 0; i < events; i++) {
          await store.enqueue(
            newBookingPush(
              {
                day: '2026-12-10',
                slot: 'manana',
                place: 'taller',
                locality: undefined,
                job: 'parabrisas',
                carName: `Auto ${i}`,
              },
              new Date(),
            ),
          );
        }
        // An instance that claims a row and dies before sending it: its lease (1 s) runs out.
        const claimed = await createPushStore(b).claimNext(new Date(), 1_000);
        expect(claimed).toBeDefined();

        one.start();
        two.start();
        const received = await service.waitFor(events * 2, 30_000);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(service.invalid).toEqual([]);
        expect(service.received).toHaveLength(events * 2);
        const keys = received.map((p) => `${p.device}:${p.payload.body}`);
        expect(new Set(keys).size).toBe(events * 2);
        expect(await store.countByStatus()).toMatchObject({ pending: 0, sent: events * 2 });
      } finally {
        await one.stop();
        await two.stop();
        await a.close();
        await b.close();
        await service.close();
      }
    },
  );
});
