/**
 * `npx tsx scripts/bench-counting.ts`: what counting adds to a request, measured alone (the
 * full `npm run bench` is too noisy on a shared machine to see a few microseconds). Calls the
 * listener's `counting.onRequest` in a loop for an uncounted page, a counted one (past the
 * per-client cap, as under load from one client) and an asset, and prints ns per request.
 */
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { IncomingMessage as Message } from 'node:http';
import { loadCatalogue } from '../server/catalogue.ts';
import { catalogueFile } from '../server/paths.ts';
import { fixedCatalogue } from '../server/live-catalogue.ts';
import { createLogger } from '../server/logger.ts';
import { createDemandCounting } from '../server/demand/counting.ts';
import { createDemandTally } from '../server/demand/tally.ts';

const UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function request(url: string): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' });
  const req = new Message(socket);
  req.method = 'GET';
  req.url = url;
  req.headers = { 'user-agent': UA, accept: 'text/html', host: '127.0.0.1:3000' };
  return req;
}

const tally = createDemandTally({
  store: { add: async () => {}, totals: async () => [], daily: async () => [] },
  now: () => new Date(),
  logger: createLogger('silent'),
});
const counting = createDemandCounting({
  tally,
  catalogue: fixedCatalogue(loadCatalogue(catalogueFile)),
  trustProxy: 'loopback',
});

const N = 200_000;
for (const url of ['/', '/parabrisa/peugeot/208-gt', '/parabrisas', '/assets/entry-client.js']) {
  const req = request(url);
  for (let i = 0; i < 20_000; i++) counting.onRequest(req);
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) counting.onRequest(req);
  const ns = Number(process.hrtime.bigint() - start) / N;
  console.log(`${url.padEnd(28)} ${ns.toFixed(0).padStart(6)} ns per request`);
}
