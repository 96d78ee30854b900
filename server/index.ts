/** Production entry: read the environment, load the catalogue, listen, shut down cleanly. */
import { readConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { loadCatalogue } from './catalogue.ts';
import { catalogueFile } from './paths.ts';
import { createApp } from './app.ts';
import { createGallery } from './instagram/index.ts';

function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const catalogue = loadCatalogue(catalogueFile);
  const gallery = createGallery(config, logger);
  gallery.start();
  const app = createApp(config, { catalogue, logger, gallery });
  const server = app.listen(config.port, () => {
    logger.info(
      { port: config.port, siteUrl: config.siteUrl, models: catalogue.modelCount },
      'listening',
    );
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    gallery.stop();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

try {
  main();
} catch (error) {
  console.error(`Cannot start: ${(error as Error).message}`);
  process.exit(1);
}
