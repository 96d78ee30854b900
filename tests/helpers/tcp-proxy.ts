/**
 * A TCP proxy between the server and PostgreSQL that injects network faults
 * (tests/server/faults/): 'pass' forwards; 'blackhole' holds every byte, both ways, as a
 * network that drops packets does while TCP retransmits (what was held goes through when it
 * passes again); 'delay' forwards each chunk `delayMs` later; reset() cuts every open
 * connection with a TCP RST, as a failover or a NAT timeout does.
 *
 *   const proxy = await startTcpProxy(5432);
 *   proxy.mode('blackhole'); ... proxy.mode('pass');
 */
import { once } from 'node:events';
import { createConnection, createServer, type Socket } from 'node:net';

export type ProxyMode = 'pass' | 'blackhole' | 'delay';

export type TcpProxy = {
  readonly port: number;
  mode(mode: ProxyMode, delayMs?: number): void;
  /** Cuts every open connection (RST) now; new ones are accepted. */
  reset(): void;
  /** Connections open now. */
  open(): number;
  close(): Promise<void>;
};

export async function startTcpProxy(
  targetPort: number,
  targetHost = '127.0.0.1',
): Promise<TcpProxy> {
  let current: ProxyMode = 'pass';
  let delay = 0;
  const pairs = new Set<{ client: Socket; upstream: Socket; flush(): void }>();

  /** Forwards `from` to `to` as the mode says; held chunks wait for flush(). */
  function pipe(from: Socket, to: Socket) {
    const held: Buffer[] = [];
    from.on('data', (chunk: Buffer) => {
      if (current === 'blackhole' || held.length > 0) {
        held.push(chunk);
        return;
      }
      if (current === 'delay') setTimeout(() => to.destroyed || to.write(chunk), delay);
      else to.write(chunk);
    });
    return () => {
      while (current === 'pass' && held.length > 0) {
        const chunk = held.shift();
        if (chunk && !to.destroyed) to.write(chunk);
      }
    };
  }

  const server = createServer((client) => {
    const upstream = createConnection({ port: targetPort, host: targetHost });
    const up = pipe(client, upstream);
    const down = pipe(upstream, client);
    const pair = {
      client,
      upstream,
      flush: () => {
        up();
        down();
      },
    };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    mode(mode, delayMs = 0) {
      current = mode;
      delay = delayMs;
      if (mode === 'pass') for (const pair of pairs) pair.flush();
    },
    reset() {
      for (const { client, upstream } of [...pairs]) {
        client.resetAndDestroy();
        upstream.resetAndDestroy();
      }
    },
    open: () => pairs.size,
    async close() {
      for (const { client, upstream } of [...pairs]) {
        client.destroy();
        upstream.destroy();
      }
      server.close();
      await once(server, 'close');
    },
  };
}
