/**
 * The bench's HEAD loader, run by scripts/bench/driver.ts as a process of its own: autocannon's
 * response parser waits for the body that a HEAD answer's Content-Length announces and never
 * gets, so here each of `conns` keep-alive sockets sends a HEAD, reads up to the end of the
 * headers, and sends the next. Argument: the load as JSON; prints the result as JSON.
 */
import { connect } from 'node:net';
import { z } from 'zod';

const INPUT = z.object({
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  conns: z.number().int().positive(),
  durationSeconds: z.number().positive(),
});
type Input = z.infer<typeof INPUT>;

async function headLoad({ url, headers, conns, durationSeconds }: Input) {
  const { hostname, port, pathname, search } = new URL(url);
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = Buffer.from(
    `HEAD ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${lines.join('')}\r\n`,
  );
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  await Promise.all(
    Array.from(
      { length: conns },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(Number(port), hostname);
          let pending = '';
          let sentAt = 0;
          const send = () => {
            if (performance.now() >= deadline) {
              socket.end();
              return resolve();
            }
            sentAt = performance.now();
            socket.write(request);
          };
          socket.on('connect', send);
          socket.on('data', (chunk: Buffer) => {
            pending += chunk.toString('latin1');
            for (
              let end = pending.indexOf('\r\n\r\n');
              end >= 0;
              end = pending.indexOf('\r\n\r\n')
            ) {
              const status = pending.slice(9, 12);
              statuses[status] = (statuses[status] ?? 0) + 1;
              latencies.push(performance.now() - sentAt);
              pending = pending.slice(end + 4);
              send();
            }
          });
          socket.on('error', () => {
            errors += 1;
            resolve();
          });
        }),
    ),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    rps: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p50: at(0.5),
    p99: at(0.99),
    errors,
    statuses,
  };
}

process.stdout.write(
  JSON.stringify(await headLoad(INPUT.parse(JSON.parse(process.argv[2] ?? '')))),
);
