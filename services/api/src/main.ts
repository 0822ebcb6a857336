import 'reflect-metadata';
import { checkDependencies, installGracefulShutdown, loadEnv } from '@platform/server-kit';
import { Logger } from 'nestjs-pino';
import { createApiApp } from './bootstrap';
import { ApiEnvSchema } from './env';

async function main(): Promise<void> {
  const env = loadEnv(ApiEnvSchema);
  await checkDependencies(env);
  const app = await createApiApp(env);
  const logger = app.get(Logger);
  installGracefulShutdown(app, env.SHUTDOWN_TIMEOUT_MS, logger);
  // Unset, Node's default: every interface.
  await (env.API_BIND_HOST ? app.listen(env.PORT, env.API_BIND_HOST) : app.listen(env.PORT));
  logger.log(`api listening on http://${env.API_BIND_HOST ?? 'localhost'}:${env.PORT}`);
}

main().catch((error: unknown) => {
  // One clear line, not a stack trace: the usual causes are configuration and unreachable services.
  process.stderr.write(`api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
