/** Production entry: read the environment, load the catalogue, listen, shut down cleanly. */
import { readConfig } from './config.ts';
import { asyncStdout, createLogger } from './logger.ts';
import { loadCatalogue } from './catalogue.ts';
import { watchCatalogue } from './live-catalogue.ts';
import { createApp } from './app.ts';
import { createGallery } from './instagram/index.ts';
import { startContact } from './contact/index.ts';

function main() {
  const config = readConfig();
  const stdout = asyncStdout();
  const logger = createLogger(config.logLevel, stdout);
  /** Exits after writing the log lines still buffered. */
  const exit = (code: number) => {
    try {
      stdout.flushSync();
    } finally {
      process.exit(code);
    }
  };
  const catalogue = watchCatalogue(
    config.catalogueFile,
    loadCatalogue(config.catalogueFile),
    logger,
  );
  const gallery = createGallery(config, logger);
  gallery.start();
  const contact = startContact(config, logger);
  const app = createApp(config, { catalogue, logger, gallery, contact: contact.service });
  // Express 5 hands listen errors (EADDRINUSE, EACCES) to this callback instead of throwing.
  const server = app.listen(config.port, (error?: Error) => {
    if (error) {
      logger.fatal({ err: error, port: config.port }, 'cannot listen');
      exit(1);
    }
    logger.info(
      {
        port: config.port,
        siteUrl: config.siteUrl,
        models: catalogue.current().lookup.modelCount,
        catalogue: catalogue.current().hash,
      },
      'listening',
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    app.locals.draining = true;
    gallery.stop();
    catalogue.close();
    // A send in progress gets to record 'sent' before exit (else it is e-mailed again).
    const closed = new Promise((resolve) => server.close(resolve));
    void Promise.all([closed, contact.stop()]).then(() => exit(0));
    setTimeout(() => {
      logger.warn('requests still open after 10 s; exiting anyway');
      exit(0);
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // A bug must not take the site down silently: log it; an uncaught exception leaves the
  // process in an unknown state, so exit and let the supervisor restart it.
  process.on('unhandledRejection', (reason) =>
    logger.error({ err: reason }, 'unhandled rejection'),
  );
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    exit(1);
  });
}

try {
  main();
} catch (error) {
  console.error(`Cannot start: ${(error as Error).message}`);
  process.exit(1);
}
