import type { INestApplicationContext, LoggerService } from '@nestjs/common';

/**
 * On SIGTERM or SIGINT: stop taking work, let in-flight requests and jobs finish (Nest closes the
 * HTTP server and runs every onModuleDestroy/beforeApplicationShutdown hook), and exit anyway when
 * that takes longer than the bound so an orchestrator never waits forever.
 */
export function installGracefulShutdown(app: INestApplicationContext, timeoutMs: number, logger: LoggerService): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: draining (at most ${timeoutMs} ms)`);
    const force = setTimeout(() => {
      logger.error(`shutdown took longer than ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs);
    force.unref();
    app
      .close()
      .then(() => {
        clearTimeout(force);
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      });
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
