/** Production entry: read the environment, load the catalogue, listen, shut down cleanly. */
import { readConfig } from './config.ts';
import { asyncStdout, createLogger } from './logger.ts';
import { loadCatalogue } from './catalogue.ts';
import { watchCatalogue } from './live-catalogue.ts';
import { createServer } from 'node:http';
import { createApp, listenerOf } from './app.ts';
import { createGallery } from './instagram/index.ts';
import { startContact } from './contact/index.ts';

async function main() {
  const config = readConfig();
  const stdout = asyncStdout();
  const logger = createLogger(config.logLevel, stdout);
  /** Exits after writing the log lines still buffered. */
  const exit = (code: number): never => {
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
  // The database must open before the server listens: a wrong DATABASE_URL or an unwritable
  // DATA_DIR stops the start (exit 1) rather than losing the first visitor's message.
  const contact = await startContact(config, logger).catch((error: unknown) => {
    gallery.stop();
    logger.fatal(
      { err: error },
      'cannot open the contact database (DATABASE_URL, or DATA_DIR for SQLite); not starting',
    );
    console.error(
      `Cannot start: the contact database cannot be opened: ${error instanceof Error ? error.message : String(error)}`,
    );
    catalogue.close();
    return exit(1);
  });
  const app = createApp(config, {
    catalogue,
    logger,
    gallery,
    contact: contact.service,
    contactRateLimitStore: contact.rateLimitStore,
  });
  const server = createServer(listenerOf(app));
  // A port in use or not allowed (EADDRINUSE, EACCES) must not look like a running site.
  server.on('error', (error) => {
    logger.fatal({ err: error, port: config.port }, 'cannot listen');
    exit(1);
  });
  server.listen(config.port, () => {
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
    // Requests in flight finish first (their messages are committed), then the worker's
    // send in progress gets to record 'sent' (else it is e-mailed again), then the database closes.
    const closed = new Promise((resolve) => server.close(resolve));
    void closed.then(() => contact.stop()).then(() => exit(0));
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

main().catch((error: unknown) => {
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
