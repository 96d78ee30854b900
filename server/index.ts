/** Production entry: read the environment, put the site together, listen, shut down cleanly. */
import { readConfig } from './config.ts';
import { asyncStdout, createLogger } from './logger.ts';
import { loadFonts } from './share/draw.ts';
import { createSite, stopOnSignals } from './site.ts';

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
  // A bug must not take the site down silently: log it; an uncaught exception leaves the
  // process in an unknown state, so exit and let the supervisor restart it.
  process.on('unhandledRejection', (error) => logger.error({ err: error }, 'unhandled rejection'));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    exit(1);
  });

  // An invalid catalogue, an unreachable database or a port in use (EADDRINUSE, EACCES)
  // must not look like a running site: say why and exit 1, the supervisor retries.
  try {
    const site = await createSite(config, { logger });
    const server = await site.start({ port: config.port });
    server.on('error', (error) => {
      logger.fatal({ err: error }, 'server error');
      exit(1);
    });
    stopOnSignals(site, logger, exit);
    setImmediate(() => {
      try {
        loadFonts();
      } catch (error) {
        logger.error({ err: error }, 'the share pictures cannot read their fonts');
      }
    });
  } catch (error) {
    logger.fatal({ err: error }, 'not starting');
    console.error(`Cannot start: ${reason(error)}`);
    exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(`Cannot start: ${reason(error)}`);
  process.exit(1);
});
