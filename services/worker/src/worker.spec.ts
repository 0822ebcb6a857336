import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TEST_REDIS_URL, uniqueRedisPrefix, type TestDatabase } from '@platform/testing';
import { createWorkerApp } from './bootstrap';
import { WorkerEnvSchema } from './env';

describe('worker process (real PostgreSQL and Redis)', () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createTestDatabase('platform_worker');
    app = await createWorkerApp(WorkerEnvSchema.parse({ DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix(), LOG_LEVEL: 'silent' }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('is live and ready when PostgreSQL and Redis answer', async () => {
    await request(app.getHttpServer()).get('/health/live').expect(200, { status: 'ok' });
    await request(app.getHttpServer()).get('/health/ready').expect(200);
  });
});
