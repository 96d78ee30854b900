/**
 * The Nu HTML Checker (vnu-jar, needs Java) on whole documents: its errors, one line each.
 * One checker for the run (tests/helpers/nu-checker-setup.ts, the integration and browser
 * projects' global setup); each document is POSTed to it.
 */
import { inject } from 'vitest';

const TIMEOUT_MS = 60_000;
/** The checker's start (a JVM, on a loaded machine) may take this long on the first call. */
const STARTUP_TIMEOUT_MS = 180_000;

type NuMessage = { type?: unknown; message?: unknown; extract?: unknown };

async function askCheckerUrl(): Promise<string> {
  // undefined in a project without the setup (vitest.config.ts).
  const setup: string | undefined = inject('nuChecker');
  if (!setup) {
    throw new Error(
      "no Nu HTML Checker: tag the test 'java' and list tests/helpers/nu-checker-setup.ts in its project's globalSetup",
    );
  }
  const res = await fetch(setup, { signal: AbortSignal.timeout(STARTUP_TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) throw new Error(text);
  return text;
}

async function errorsOf(url: string, name: string, html: string): Promise<string[]> {
  const res = await fetch(`${url}?out=json`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: html,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const report: unknown = await res.json();
  if (
    !res.ok ||
    typeof report !== 'object' ||
    report === null ||
    !('messages' in report) ||
    !Array.isArray(report.messages)
  ) {
    throw new Error(`the Nu HTML Checker answered ${res.status}: ${JSON.stringify(report)}`);
  }
  const messages: NuMessage[] = report.messages;
  // 'non-document-error': the document was not checked (an I/O or internal error).
  return messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => `${name}.html: ${String(m.message)} [${String(m.extract ?? '')}]`);
}

// Asked when a test file imports this: the JVM starts while the file's other tests run. Where
// there is none the tests that would await this are skipped (tagged 'java').
const checkerUrl = askCheckerUrl();
checkerUrl.catch(() => {});

/** `documents`: a name and its HTML each; the answer: `name.html: message [extract]`. */
export async function nuErrors(documents: Readonly<Record<string, string>>): Promise<string[]> {
  const url = await checkerUrl;
  const each = await Promise.all(
    Object.entries(documents).map(([name, html]) => errorsOf(url, name, html)),
  );
  return each.flat();
}
