import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { pino } from 'pino';
import { projectRoot } from '../../../server/paths.ts';
import { testConfig } from '../../helpers/app.ts';
import { openContact } from '../../../server/contact/index.ts';
import { openContactStore } from '../../../store/open.ts';
import { sleep, startSmtp, tempDataDir, waitFor, type SmtpSink } from '../../helpers/contact.ts';

const TO = 'taller@parabrisasjujuy.com.ar';
const fixture = join(projectRoot, 'tests/helpers/contact-child.ts');

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});
const dirs: Array<{ remove(): void }> = [];
afterAll(() => dirs.forEach((d) => d.remove()));

function dataDir(): string {
  const temp = tempDataDir();
  dirs.push(temp);
  return temp.dir;
}

/** Runs the fixture; resolves once it reports the message stored. */
async function storingChild(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    cwd: projectRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', SMTP_URL: '', CONTACT_TO: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  await waitFor(() => output.includes('stored: accepted') || child.exitCode !== null, {
    timeoutMs: 15_000,
    what: 'the child to store its message',
  });
  if (!output.includes('stored: accepted')) throw new Error(`child failed: ${output}`);
  return child;
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

async function worker(env: NodeJS.ProcessEnv) {
  const system = await openContact(testConfig(env), pino({ level: 'silent' }), {
    backoff: { initialMs: 40, maxMs: 160 },
    pollMs: 20,
  });
  system.start();
  cleanups.push(() => system.stop());
  return system;
}

async function sentCount(dir: string): Promise<number> {
  const store = await openContactStore({ dataDir: dir, databaseUrl: undefined });
  try {
    return (await store.list({ status: 'sent' })).length;
  } finally {
    await store.close();
  }
}

async function sink(options: Parameters<typeof startSmtp>[0] = {}): Promise<SmtpSink> {
  const server = await startSmtp(options);
  cleanups.push(() => server.close());
  return server;
}

describe('a process killed with SIGKILL', () => {
  it('between storing and sending: the next start sends the message once, the one after sends nothing', async () => {
    const dir = dataDir();
    const child = await storingChild({ DATA_DIR: dir, CHILD_MESSAGE: 'Guardado y cortado' });
    await kill(child);

    const smtp = await sink();
    const env = { DATA_DIR: dir, SMTP_URL: smtp.url, CONTACT_TO: TO };
    const first = await worker(env);
    await waitFor(async () => (await sentCount(dir)) === 1, { what: 'the sent record' });
    await first.stop();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.body).toContain('Guardado y cortado');

    await worker(env);
    await sleep(400);
    expect(smtp.received).toHaveLength(1);
    expect(await sentCount(dir)).toBe(1);
  });

  it('while the SMTP server is receiving it: nothing is lost, it is accepted once, with the same Message-ID', async () => {
    const dir = dataDir();
    const held: { child?: ChildProcess } = {};
    let first = true;
    const smtp = await sink({
      onMail: async () => {
        if (!first) return true;
        first = false;
        // The sender dies before the server answers: its send never completed.
        const child = await waitFor(() => held.child, { what: 'the child handle' });
        await kill(child);
        return false;
      },
    });
    held.child = await storingChild({
      DATA_DIR: dir,
      SMTP_URL: smtp.url,
      CONTACT_TO: TO,
      CHILD_MESSAGE: 'Cortado mientras se enviaba',
      // The lease on the message it was sending ends this soon after its death.
      CHILD_LEASE_MS: '1000',
    });
    await waitFor(() => held.child?.signalCode === 'SIGKILL', {
      what: 'the child to be killed mid-send',
    });
    expect(smtp.seen).toHaveLength(1);
    expect(await sentCount(dir)).toBe(0);

    await worker({ DATA_DIR: dir, SMTP_URL: smtp.url, CONTACT_TO: TO });
    await waitFor(async () => (await sentCount(dir)) === 1, { what: 'the sent record' });
    expect(smtp.seen).toHaveLength(2);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.seen[1]?.header('message-id')).toBe(smtp.seen[0]?.header('message-id'));
  });
});
