import 'reflect-metadata';
import { checkDependencies, installGracefulShutdown, loadEnv } from '@platform/server-kit';
import { Logger } from 'nestjs-pino';
import { createWorkerApp } from './bootstrap';
import { installCrashReport } from './crash-report';
import { WorkerEnvSchema } from './env';

async function main(): Promise<void> {
  installCrashReport();
  const env = loadEnv(WorkerEnvSchema);
  await checkDependencies(env);
  const app = await createWorkerApp(env);
  const logger = app.get(Logger);
  installGracefulShutdown(app, env.SHUTDOWN_TIMEOUT_MS, logger);
  await app.listen(env.WORKER_PORT, env.WORKER_BIND_HOST);
  logger.log(`worker running; health on http://${env.WORKER_BIND_HOST}:${env.WORKER_PORT}/health/ready`);
}

main().catch((error: unknown) => {
  process.stderr.write(`worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
