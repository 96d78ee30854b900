/** Development: Vite's middleware serves the client with hot reload; routes reload per request. */
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'vite';
import type { DataRouteObject } from 'react-router-dom';
import { readConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { loadCatalogue } from './catalogue.ts';
import { watchCatalogue } from './live-catalogue.ts';
import { createApp } from './app.ts';
import { devAssets } from './assets.ts';
import { createGallery } from './instagram/index.ts';

const config = readConfig();
const logger = createLogger(config.logLevel);
// Vite's hot-reload websocket shares the site's HTTP server (and port).
const httpServer = createHttpServer();
const vite = await createServer({
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: 'custom',
});
const gallery = createGallery(config, logger);
gallery.start();

const app = createApp(config, {
  catalogue: watchCatalogue(config.catalogueFile, loadCatalogue(config.catalogueFile), logger),
  logger,
  gallery,
  assets: devAssets,
  devMiddleware: vite.middlewares,
  routes: async () => {
    const mod = (await vite.ssrLoadModule('/client/routes.tsx')) as { routes: DataRouteObject[] };
    return mod.routes;
  },
});
httpServer.on('request', app);
httpServer.listen(config.port, () => logger.info(`dev server on http://localhost:${config.port}`));
