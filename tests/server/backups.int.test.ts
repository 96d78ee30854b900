/**
 * The daily backup (server/backups.ts) with a clock the test moves: one at 03:00 in Jujuy,
 * the first one at once on an empty folder, the newest BACKUP_KEEP kept; a failure logged as
 * an error, kept for the panel, retried an hour later. And the line the owner reads on the
 * messages screen (client/panel/BackupLine.tsx), from real backups.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { panelPaths } from '../../client/paths.ts';
import { inspectBackup, listBackups, writeBackup } from '../../store/backup.ts';
import { createBackupSchedule, lastBackupSlot } from '../../server/backups.ts';
import { dataWorthKeeping } from '../helpers/backup.ts';
import { captureLogs, LEVEL } from '../helpers/instagram.ts';
import { panelSite } from '../helpers/panel.ts';
import { TEST_NOW } from '../helpers/sample.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'backup-schedule-'));
  roots.push(root);
  return root;
}

/** A schedule on real data, with a clock the test moves. */
function scheduled(options: { keep?: number; dir?: string } = {}) {
  const root = tempRoot();
  const places = dataWorthKeeping(root);
  const dir = options.dir ?? join(root, 'backups');
  let clock = new Date('2026-11-10T15:00:00Z'); // 12:00 in Jujuy
  const logs = captureLogs();
  const schedule = createBackupSchedule({
    dir,
    keep: options.keep ?? 14,
    places,
    engine: 'sqlite',
    now: () => clock,
    logger: logs.logger,
    // In this process, with the test's clock (the default runs npm run backup as a child).
    take: async (from, target) => void writeBackup(from, target, clock),
  });
  return {
    schedule,
    dir,
    logs,
    set(iso: string) {
      clock = new Date(iso);
    },
    count: () => listBackups(dir).length,
  };
}

describe('the daily backup', () => {
  it('03:00 in Jujuy is 06:00 UTC; before it, the slot is the day before', () => {
    expect(new Date(lastBackupSlot(new Date('2026-11-24T05:59:59Z'))).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
    expect(new Date(lastBackupSlot(new Date('2026-11-24T06:00:00Z'))).toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
  });

  it('takes the first one at once, then one at each 03:00 in Jujuy, and keeps the newest 14', async () => {
    const s = scheduled();
    await s.schedule.runDue();
    expect(s.count()).toBe(1); // an empty folder: at once, not next night
    await s.schedule.runDue();
    expect(s.count()).toBe(1);
    s.set('2026-11-11T05:59:00Z'); // 02:59 in Jujuy
    await s.schedule.runDue();
    expect(s.count()).toBe(1);
    s.set('2026-11-11T06:00:00Z'); // 03:00
    await s.schedule.runDue();
    expect(s.count()).toBe(2);
    for (let day = 12; day <= 27; day += 1) {
      s.set(`2026-11-${day}T06:00:30Z`);
      await s.schedule.runDue();
      await s.schedule.runDue();
    }
    const kept = listBackups(s.dir);
    expect(kept).toHaveLength(14);
    expect(kept[0]?.takenAt.toISOString()).toBe('2026-11-27T06:00:30.000Z');
    expect(kept.at(-1)?.takenAt.toISOString()).toBe('2026-11-14T06:00:30.000Z');
    expect(inspectBackup(kept[0]!.file).tables).toContainEqual({ name: 'panel_passkeys', rows: 1 });
    expect(s.schedule.status()).toEqual({
      state: 'on',
      newest: '2026-11-27T06:00:30.000Z',
      kept: 14,
      failure: null,
    });
    // A server that was down at 03:00 takes the day's backup when it is back.
    s.set('2026-11-28T14:00:00Z');
    await s.schedule.runDue();
    expect(listBackups(s.dir)[0]?.takenAt.toISOString()).toBe('2026-11-28T14:00:00.000Z');
  });

  it('runs by itself once started (a short check interval), as npm run backup in a child process', async () => {
    const root = tempRoot();
    const places = dataWorthKeeping(root);
    const dir = join(root, 'backups');
    const schedule = createBackupSchedule({
      dir,
      keep: 14,
      places,
      engine: 'sqlite',
      now: () => new Date(),
      logger: captureLogs().logger,
      checkEveryMs: 20,
    });
    schedule.start();
    try {
      await vi.waitFor(() => expect(listBackups(dir)).toHaveLength(1), { timeout: 30_000 });
      expect(inspectBackup(listBackups(dir)[0]!.file).tables).toContainEqual({
        name: 'contact_messages',
        rows: 4,
      });
    } finally {
      schedule.stop();
    }
  });

  it('a failure is logged as an error, shown to the panel, retried an hour later and cleared by the next success', async () => {
    const root = tempRoot();
    const blocked = join(root, 'disco');
    writeFileSync(blocked, 'a file where the backups folder should be');
    const s = scheduled({ dir: join(blocked, 'backups') });
    s.set('2026-11-24T06:00:00Z');
    await s.schedule.runDue();
    const errors = s.logs.records().filter((r) => r.level === LEVEL.error);
    expect(errors.map((r) => r.msg)).toEqual([
      'backup failed; the panel shows it; retried in an hour',
    ]);
    const status = s.schedule.status();
    expect(status).toMatchObject({
      state: 'on',
      newest: null,
      kept: 0,
      failure: {
        at: '2026-11-24T06:00:00.000Z',
        message: expect.stringMatching(/No se pudo hacer la copia/),
      },
    });

    rmSync(blocked); // the operator frees the place
    s.set('2026-11-24T06:59:00Z');
    await s.schedule.runDue();
    expect(s.count()).toBe(0); // not before the hour
    s.set('2026-11-24T07:00:00Z');
    await s.schedule.runDue();
    expect(s.count()).toBe(1);
    expect(s.schedule.status()).toMatchObject({ kept: 1, failure: null });
  });

  it('without BACKUP_DIR nothing is copied; with DATABASE_URL pg_dump does it, outside the site', async () => {
    const logs = captureLogs();
    const places = dataWorthKeeping(tempRoot());
    const off = createBackupSchedule({
      dir: undefined,
      keep: 14,
      places,
      engine: 'sqlite',
      now: () => TEST_NOW,
      logger: logs.logger,
    });
    off.start();
    await off.runDue();
    expect(off.status()).toEqual({ state: 'off' });
    const external = createBackupSchedule({
      dir: join(tempRoot(), 'backups'),
      keep: 14,
      places,
      engine: 'postgres',
      now: () => TEST_NOW,
      logger: logs.logger,
    });
    external.start();
    await external.runDue();
    expect(external.status()).toEqual({ state: 'external' });
    expect(logs.records().map((r) => [r.level, r.msg])).toEqual([
      [
        LEVEL.warn,
        "BACKUP_DIR is not set: no daily backup of the site's data (docs/operations.md)",
      ],
      [LEVEL.warn, 'BACKUP_DIR is ignored with DATABASE_URL: copy PostgreSQL with pg_dump'],
    ]);
  });
});

describe('the line on the messages screen', () => {
  it('says when the last backup was made and how many are kept', async () => {
    const s = scheduled();
    for (let day = 8; day <= 23; day += 1) {
      s.set(`2026-11-${String(day).padStart(2, '0')}T06:00:00Z`);
      await s.schedule.runDue();
    }
    expect(readdirSync(s.dir)).toHaveLength(14);
    const { signIn, site } = await panelSite({ backups: s.schedule });
    const owner = await signIn();
    const page = await owner.get(panelPaths.messages).expect(200);
    // TEST_NOW is 12:00 in Jujuy on the 23rd.
    expect(page.text).toContain(
      '<p class="panel-backup">Última copia de seguridad: hoy 03:00, 14 guardadas.</p>',
    );
    await site.stop();
  });

  it('says so, as an alert, when the last one failed or when there are none', async () => {
    const root = tempRoot();
    const blocked = join(root, 'disco');
    writeFileSync(blocked, 'x');
    const failing = scheduled({ dir: join(blocked, 'backups') });
    failing.set('2026-11-23T06:00:00Z');
    await failing.schedule.runDue();
    const first = await panelSite({ backups: failing.schedule });
    const page = await (await first.signIn()).get(panelPaths.messages).expect(200);
    expect(page.text).toMatch(
      /<p class="panel-backup panel-backup-problem" role="alert">La copia de seguridad de hoy 03:00 falló \(No se pudo hacer la copia: [^)]*\)\. Avisale a quien administra el servidor\./,
    );
    await first.site.stop();

    const none = await panelSite();
    const plain = await (await none.signIn()).get(panelPaths.messages).expect(200);
    expect(plain.text).toContain(
      'role="alert">No se están haciendo copias de seguridad. Si el disco del servidor se rompe, se pierden los mensajes, los turnos, los precios publicados y las llaves de acceso.',
    );
    await none.site.stop();
  });
});
