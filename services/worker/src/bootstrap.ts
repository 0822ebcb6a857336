import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import type { WorkerEnv } from './env';
import { WorkerModule } from './worker.module';

export async function createWorkerApp(env: WorkerEnv): Promise<INestApplication> {
  const app = await NestFactory.create(WorkerModule.forRoot(env), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  return app;
}
