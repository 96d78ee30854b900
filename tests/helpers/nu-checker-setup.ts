/**
 * Vitest global setup: one Nu HTML Checker (vnu.jar's web service on Java) for the whole run,
 * started on first use, stopped at the end. The tests get inject('nuChecker'): a small server
 * here that answers with the checker's URL, starting the JVM the first time it is asked (when
 * a test file imports tests/helpers/nu-checker.ts), so a run whose files check no HTML starts
 * no JVM. Where Java is missing it is '' and the tests
 * tagged 'java' are skipped (tests/helpers/tools.ts); with CI=true a missing Java has already
 * failed the run (tests/helpers/tools-setup.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';
import { findJava } from './tools.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Answers GET with the checker's URL (tests/helpers/nu-checker.ts); '' without Java. */
    nuChecker: string;
  }
}

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const STARTUP_MS = 120_000;

/**
 * vnu takes no port 0, so a random one below every system's ephemeral range (Linux 32768-60999,
 * macOS and Windows 49152-65535): no port-0 listener or outgoing connection is handed it
 * between our look and the JVM's bind. Another program that picked the same one makes the JVM
 * exit ("Failed to bind"), and we try another.
 */
async function unusedPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      probe.close();
      await once(probe, 'close');
      return port;
    }
  }
}

type Checker = { readonly url: string; readonly jvm: ChildProcess };

/** The JVMs running, for the exit handler (which cannot wait for a promise). */
const running = new Set<ChildProcess>();

/** Resolves once the service answers a real check: a report with its messages. */
async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}?out=json`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: '<!doctype html><html lang="es"><head><title>.</title></head></html>',
      signal: AbortSignal.timeout(10_000),
    });
    const report: unknown = await res.json();
    return res.ok && typeof report === 'object' && report !== null && 'messages' in report;
  } catch {
    return false;
  }
}

async function startChecker(java: string): Promise<Checker> {
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await unusedPort();
    const url = `http://127.0.0.1:${port}/`;
    const jvm = spawn(
      java,
      [
        '-Dnu.validator.servlet.bind-address=127.0.0.1',
        '-cp',
        vnuJar,
        'nu.validator.servlet.Main',
        String(port),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    running.add(jvm);
    jvm.once('exit', () => running.delete(jvm));
    // The service logs its start on stderr; keep the tail for the error below.
    let log = '';
    jvm.stderr?.on('data', (chunk: Buffer) => (log = (log + String(chunk)).slice(-4000)));
    const deadline = Date.now() + STARTUP_MS;
    while (jvm.exitCode === null && jvm.signalCode === null && Date.now() < deadline) {
      if (await answers(url)) return { url, jvm };
      await sleep(200);
    }
    const exited = jvm.exitCode !== null || jvm.signalCode !== null;
    jvm.kill('SIGKILL');
    lastError = `${exited ? `exited ${jvm.exitCode ?? jvm.signalCode}` : `no answer in ${STARTUP_MS / 1000} s`}: ${log}`;
    // Only a JVM that exited (its port taken) is worth another try.
    if (!exited) break;
  }
  throw new Error(`the Nu HTML Checker (java -cp vnu.jar) did not start: ${lastError}`);
}

async function stopChecker({ jvm }: Checker): Promise<void> {
  if (jvm.exitCode !== null || jvm.signalCode !== null) return;
  const exited = once(jvm, 'exit');
  jvm.kill('SIGTERM');
  const killer = setTimeout(() => jvm.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

export default async function setup(project: TestProject) {
  const java = findJava();
  if (!java) {
    project.provide('nuChecker', '');
    return;
  }
  let checker: Promise<Checker> | undefined;
  // Should vitest end without its teardown, the JVM goes with it.
  const killJvm = () => running.forEach((jvm) => jvm.kill('SIGKILL'));
  process.once('exit', killJvm);
  const server: Server = createServer((req, res) => {
    checker ??= startChecker(java);
    checker.then(
      ({ url }) => {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(url);
      },
      (error: unknown) => {
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error));
      },
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port for the Nu setup');
  project.provide('nuChecker', `http://127.0.0.1:${address.port}/`);
  return async () => {
    process.off('exit', killJvm);
    server.close();
    if (checker) await checker.then(stopChecker, () => {});
  };
}
