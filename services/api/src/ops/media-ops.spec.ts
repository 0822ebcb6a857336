import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import { FeedIngest, FeedIntake } from '@platform/stock';
import {
  createStockFixture,
  createTestDatabase,
  feedCar,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';

const OPS_TOKEN = 'test-ops-token-media-0123456789ab';

describe('ops media API: photo backlog and reprocess (real api, PostgreSQL)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let fixture: StockFixture;
  let carId: number;
  const http = () => request(app.getHttpServer());
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);

  beforeAll(async () => {
    db = await createTestDatabase('platform_api_media_ops');
    fixture = await createStockFixture(db.dataSource, 'mediaops');
    app = await createApiApp(
      ApiEnvSchema.parse({
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: uniqueRedisPrefix(),
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        OPS_TOKEN,
      }),
    );
    await app.init();
    // A feed run with three photo addresses (one under /media/, not ingested), applied without a media worker.
    const runId = await new FeedIntake(db.dataSource).receive({
      dealershipId: fixture.north.id,
      mode: 'snapshot',
      contentType: 'application/json',
      body: Buffer.from(
        JSON.stringify([
          feedCar('M1', {
            images: ['https://photos.example/m1/1.jpg', 'https://photos.example/m1/2.jpg', '/media/demo/a.svg'],
            spin_images: ['https://photos.example/m1/spin.jpg'],
          }),
        ]),
      ),
    });
    await new FeedIngest(db.dataSource).run(runId);
    [{ id: carId }] = await db.dataSource.query(`SELECT id FROM cars WHERE stocknum = 'M1'`);
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('counts each dealership’s photos by status with the oldest pending age', async () => {
    await db.dataSource.query(`UPDATE photos SET created_at = now() - interval '90 seconds'`);
    const res = await ops(http().get('/api/ops/media/backlog')).expect(200);
    const north = res.body.dealerships.find((entry: { dealership: string }) => entry.dealership === fixture.north.slug);
    expect(north).toMatchObject({ pending: 3, stored: 0, refused: 0, unreachable: 0 });
    expect(north.oldestPendingSeconds).toBeGreaterThanOrEqual(90);
    await http().get('/api/ops/media/backlog').expect(401);
  });

  it('queues a forced fetch of a car’s or a dealership’s photos', async () => {
    await db.dataSource.query(`DELETE FROM photo_fetches`);
    expect((await ops(http().post('/api/ops/media/reprocess').send({ carId })).expect(202)).body).toEqual({
      queued: 3,
    });
    expect(await db.dataSource.query(`SELECT eager, force FROM photo_fetches ORDER BY eager DESC, photo_id`)).toEqual([
      // The gallery's opening photo is made ahead; the second photo and the spin frame on first request.
      { eager: true, force: true },
      { eager: false, force: true },
      { eager: false, force: true },
    ]);
    expect(
      (await ops(http().post('/api/ops/media/reprocess').send({ dealership: fixture.north.slug })).expect(202)).body,
    ).toEqual({ queued: 3 });
    expect(
      (await ops(http().post('/api/ops/media/reprocess').send({ dealership: 'nobody' })).expect(404)).body.title,
    ).toBe('Dealership not found');
    await ops(http().post('/api/ops/media/reprocess').send({ carId: 2_000_000_000 })).expect(404);
  });

  it('answers any other body with a problem (400, or 404 for a well-formed slug no dealership has), never a 5xx', async () => {
    const hostile = fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\u0000b', '\ud800', 'x'.repeat(5000));
    const body = fc.oneof(
      fc.dictionary(fc.oneof(hostile, fc.string()), fc.oneof(fc.jsonValue(), hostile)),
      fc.record({ dealership: fc.oneof(hostile, fc.string()) }),
      fc.record({ carId: fc.oneof(fc.double(), fc.string(), fc.constant(-1), fc.constant(2 ** 40)) }),
      fc.record({ carId: fc.constant(1), dealership: fc.constant('north') }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const res = await ops(
          http()
            .post('/api/ops/media/reprocess')
            .send(value as object),
        );
        expect([400, 404]).toContain(res.status);
        expect(res.body.status).toBe(res.status);
        if (res.status === 404) expect(res.body.title).toBe('Dealership not found');
      }),
      { numRuns: 60 },
    );
  });
});
