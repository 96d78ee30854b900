/**
 * Avisos by e-mail from two instances on one PostgreSQL database (each its own connection pool,
 * as two processes have): each event reaches each person once, also when an instance dies after
 * claiming a mail and before sending it (its lease runs out and the other sends it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freshSettings, removeTempDirs, POSTGRES } from '../../helpers/contact-engines.ts';
import { startSmtp } from '../../helpers/contact.ts';
import { openDatabase } from '../../../store/open.ts';
import { createPanelStore } from '../../../store/panel.ts';
import { createPushStore } from '../../../store/push.ts';
import { createAvisoMailStore } from '../../../store/aviso-mail.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { createSitePush } from '../../../server/push/index.ts';
import { newBookingPush } from '../../../server/push/notices.ts';
import { createLogger } from '../../../server/logger.ts';
import { testConfig } from '../../helpers/app.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

afterAll(() => removeTempDirs());

describe('avisos by e-mail on two instances sharing PostgreSQL', POSTGRES, () => {
  it(
    'each event reaches each person once, also when an instance dies mid-claim',
    { timeout: 60_000 },
    async () => {
      const settings = await freshSettings('postgres');
      // A little slow, as a real SMTP server: both workers are busy at once.
      const sink = await startSmtp({
        onMail: () => new Promise((resolve) => setTimeout(() => resolve(true), 20)),
      });
      const [a, b] = [await openDatabase(settings), await openDatabase(settings)];
      const config = testConfig({ SMTP_URL: sink.url, CONTACT_TO: 'taller@parabrisas.test' });
      const options = {
        config,
        logger: createLogger('silent'),
        facts: () => defaultFacts,
        now: () => new Date(),
        pollMs: 50,
      };
      const one = createSitePush({ ...options, database: a, bookings: createBookingStore(a) });
      const two = createSitePush({ ...options, database: b, bookings: createBookingStore(b) });
      try {
        const people = createPanelStore(a);
        const mail = createAvisoMailStore(a);
        for (const email of ['duenio@example.com', 'socia@example.com']) {
          const { person } = await people.grantAccess(email, '', new Date());
          await mail.setChoice(
            person.id,
            { email: undefined, kinds: new Set(['turnos']), agendaHour: '19:00' },
            new Date(),
          );
        }
        const events = 15;
        const store = createPushStore(a);
        for (let i = 0; i < events; i++) {
          const queued = await store.enqueue(
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
          expect(queued).toBe(2);
        }
        // An instance that claims a mail and dies before sending it: its lease (1 s) runs out.
        const claimed = await createAvisoMailStore(b).claimNext(new Date(), 1_000);
        expect(claimed).toBeDefined();

        one.start();
        two.start();
        const deadline = Date.now() + 30_000;
        while (sink.received.length < events * 2 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(sink.received).toHaveLength(events * 2);
        const keys = sink.received.map((m) => `${m.to.join()}:${m.body.split('\n')[0]}`);
        expect(new Set(keys).size).toBe(events * 2);
        expect(await mail.countByStatus()).toMatchObject({ pending: 0, sent: events * 2 });
      } finally {
        await one.stop();
        await two.stop();
        await a.close();
        await b.close();
        await sink.close();
      }
    },
  );
});
