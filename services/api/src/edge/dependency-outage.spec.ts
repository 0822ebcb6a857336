import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  createStockFixture,
  createTcpGate,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TcpGate,
  type TestDatabase,
} from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';

describe('the api while PostgreSQL is unreachable (a real TCP gate in front of it, closed and opened)', () => {
  let db: TestDatabase;
  let gate: TcpGate;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createTestDatabase('platform_api_pg_outage');
    await createStockFixture(db.dataSource, 'pgoutage');
    const url = new URL(db.url);
    gate = await createTcpGate({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(gate.port);
    const env = ApiEnvSchema.parse({
      DATABASE_URL: url.toString(),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    app = await createApiApp(env);
    await app.init();
  }, 30_000);

  afterAll(async () => {
    await gate?.open().catch(() => undefined);
    await app?.close();
    await gate?.destroy();
    await db?.destroy();
  }, 30_000);

  const locations = () => request(app.getHttpServer()).get(`/api/sites/test-site-pgoutage/locations`);

  it('answers 503 naming PostgreSQL with Retry-After, never 500, and serves again once it is back', async () => {
    expect((await locations()).status).toBe(200);
    await gate.close();
    const down = await locations();
    expect(down.status).toBe(503);
    expect(down.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.body).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      detail: expect.stringMatching(/^PostgreSQL is unreachable for a moment/),
    });
    await gate.open();
    let back = await locations();
    for (let tries = 0; back.status !== 200 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      back = await locations();
    }
    expect(back.status).toBe(200);
  }, 60_000);
});
