/**
 * `npx tsx scripts/bench-counting.ts`: what counting adds to a request, measured alone (the
 * full `npm run bench` is too noisy on a shared machine to see a few microseconds). Calls the
 * listener's `counting.onRequest` in a loop for an uncounted page, a counted one (past the
 * per-client cap, as under load from one client) and an asset, and prints ns per request.
 * Then the batch's share: many different clients, each counted once and settled (resolved
 * and hashed under the cap) by a flush, in ns per client.
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
import { clientKeys } from '../server/demand/client-key.ts';

const UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function request(url: string, address = '127.0.0.1'): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: address });
  const req = new Message(socket);
  req.method = 'GET';
  req.url = url;
  req.headers = { 'user-agent': UA, accept: 'text/html', host: '127.0.0.1:3000' };
  return req;
}

const clients = clientKeys('loopback');
const tally = createDemandTally({
  store: { add: async () => {}, totals: async () => [], daily: async () => [] },
  now: () => new Date(),
  logger: createLogger('silent'),
  resolveClient: clients.resolve,
});
const counting = createDemandCounting({
  tally,
  catalogue: fixedCatalogue(loadCatalogue(catalogueFile)),
  clients,
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

// Different clients: each one's request, then its share of the batch that caps and hashes it.
const CLIENTS = 10_000;
const visitors = Array.from({ length: CLIENTS }, (_, i) =>
  request('/parabrisa/peugeot/208-gt', `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`),
);
for (let round = 0; round < 3; round++) {
  const start = process.hrtime.bigint();
  for (const req of visitors) counting.onRequest(req);
  const requestPath = process.hrtime.bigint();
  await tally.flush();
  const end = process.hrtime.bigint();
  console.log(
    `${CLIENTS} clients, round ${round + 1}: ${(Number(requestPath - start) / CLIENTS).toFixed(0)} ns per request, ` +
      `${(Number(end - requestPath) / CLIENTS).toFixed(0)} ns per client in the batch`,
  );
}
