/** The first byte of a cold start while the Instagram API hangs. */
import { once } from 'node:events';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { firstByteMs, running, startServer } from './driver.ts';

/**
 * A fresh server whose Instagram API accepts connections and never answers: the page cache
 * and the gallery are both cold. Returns the first-byte times of the first visits.
 */
export async function coldFirstByte(workDir: string): Promise<number[]> {
  const sockets = new Set<Socket>();
  const hanging = createTcpServer((socket) => sockets.add(socket));
  hanging.listen(0, '127.0.0.1');
  await once(hanging, 'listening');
  const address = hanging.address();
  if (!address || typeof address === 'string') throw new Error('no port for the hanging API');
  try {
    const server = await startServer(
      'SSR server (hanging Instagram)',
      ['dist/server/index.js'],
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: join(workDir, 'data-cold'),
        INSTAGRAM_ACCESS_TOKEN: 'bench-token',
        INSTAGRAM_API_URL: `http://127.0.0.1:${address.port}`,
        SMTP_URL: '',
      },
      '/healthz',
    );
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) times.push(Math.round(await firstByteMs(`${server.url}/`)));
    await server.stop();
    running.delete(server);
    return times;
  } finally {
    for (const socket of sockets) socket.destroy();
    hanging.close();
  }
}
