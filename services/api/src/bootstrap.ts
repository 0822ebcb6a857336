import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { DEMO_ASSETS_DIR } from '@platform/seed';
import { AppModule } from './app.module';
import type { ApiEnv } from './env';

/** Builds the API application (used by main.ts and by integration tests). */
export async function createApiApp(env: ApiEnv): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.useBodyParser('json', { limit: '1mb' });
  app.useStaticAssets(env.MEDIA_DIR ?? DEMO_ASSETS_DIR, { prefix: '/media', maxAge: '1d', fallthrough: true, index: false });
  return app;
}
