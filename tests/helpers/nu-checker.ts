/** The Nu HTML Checker (vnu-jar, needs Java) on whole documents: its errors, one line each. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

type NuMessage = { type?: unknown; url?: unknown; message?: unknown; extract?: unknown };

function messagesOf(report: unknown): NuMessage[] {
  if (typeof report !== 'object' || report === null || !('messages' in report)) return [];
  return Array.isArray(report.messages) ? report.messages : [];
}

/** `documents`: a name and its HTML each; the answer: `name.html: message [extract]`. */
export async function nuErrors(documents: Readonly<Record<string, string>>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = join(dir, `${name}.html`);
      writeFileSync(file, html);
      return file;
    });
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...files],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    return messagesOf(JSON.parse(stdout || stderr))
      .filter((m) => m.type === 'error')
      .map(
        (m) =>
          `${String(m.url).split('/').pop()}: ${String(m.message)} [${String(m.extract ?? '')}]`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
