/** Development: the same site, with Vite's middleware (hot reload) and routes reloaded per request. */
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'vite';
import type { DataRouteObject } from 'react-router-dom';
import { readConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { devAssets } from './assets.ts';
import { HTTP_SERVER_OPTIONS } from './http-limits.ts';
import { createSite, stopOnSignals } from './site.ts';

const config = readConfig();
const logger = createLogger(config.logLevel);
// Vite's hot-reload websocket shares the site's HTTP server (and port).
const server = createHttpServer(HTTP_SERVER_OPTIONS);
const vite = await createServer({
  server: { middlewareMode: true, hmr: { server } },
  appType: 'custom',
});
const site = await createSite(config, {
  logger,
  assets: devAssets,
  devMiddleware: vite.middlewares,
  routes: async () => {
    const mod = (await vite.ssrLoadModule('/client/routes.tsx')) as { routes: DataRouteObject[] };
    return mod.routes;
  },
});
await site.start({ port: config.port, server });
stopOnSignals(site, logger, (code) => process.exit(code), { after: () => vite.close() });
