import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  createStockFixture,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';

const OPS_TOKEN = 'test-ops-token-reviews-0123456789';

const review = (index: number, extra: Record<string, unknown> = {}) => ({
  id: `g-${index}`,
  author_name: `Reviewer ${index}`,
  rating: 5 - (index % 2),
  text: `Review number ${index}.`,
  // One a day going back from 1 November: g-0 is the newest.
  published_at: new Date(Date.UTC(2026, 10, 1) - index * 86_400_000).toISOString(),
  ...extra,
});
const reviews = (count: number) => Array.from({ length: count }, (_, index) => review(index));

describe('location reviews: pushed with a feed key, read by the site (PostgreSQL)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let fixture: StockFixture;
  let northKey: string;
  let westKey: string;
  let westLocationId: number;
  const siteSlug = 'test-site-reviews';

  const http = () => request(app.getHttpServer());
  const push = (dealership: string, location: string, key: string | null, body: unknown) => {
    const req = http().put(`/api/feeds/${dealership}/locations/${location}/reviews`);
    return (key ? req.set('Authorization', `Bearer ${key}`) : req).send(body as object);
  };
  const storedFor = async (locationId: number) =>
    Number(
      (
        (await db.dataSource.query('SELECT count(*) AS n FROM location_reviews WHERE location_id = $1', [
          locationId,
        ])) as { n: string }[]
      )[0]?.n,
    );

  beforeAll(async () => {
    db = await createTestDatabase('platform_api_reviews');
    fixture = await createStockFixture(db.dataSource, 'reviews');
    // A second site in the same database: its address must not read the first site's locations.
    await createStockFixture(db.dataSource, 'reviews-other');
    // West shows 2 reviews: the count is the dealership's configuration, not a constant.
    await db.dataSource.query(
      `UPDATE dealerships SET config = '{"reviews":{"google_reviews_shown":2}}' WHERE id = $1`,
      [fixture.west.id],
    );
    westLocationId = (
      (await db.dataSource.query('SELECT id FROM locations WHERE dealership_id = $1', [fixture.west.id])) as {
        id: number;
      }[]
    )[0]!.id;
    const env = ApiEnvSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      OPS_TOKEN,
    });
    app = await createApiApp(env);
    await app.init();
    const issue = async (slug: string) =>
      (
        await http()
          .post(`/api/ops/dealerships/${slug}/feed-keys`)
          .set('Authorization', `Bearer ${OPS_TOKEN}`)
          .expect(201)
      ).body.key as string;
    northKey = await issue(fixture.north.slug);
    westKey = await issue(fixture.west.slug);
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('stores the summary and reviews, and the site reads the newest 12 (the default) with the summary', async () => {
    const response = await push(fixture.north.slug, `north-sales-reviews`, northKey, {
      average_rating: 4.7,
      review_count: 812,
      reviews: reviews(15),
    }).expect(200);
    expect(response.body).toEqual({
      location: 'north-sales-reviews',
      average_rating: 4.7,
      review_count: 812,
      stored: 15,
    });

    const read = await http()
      .get(`/api/sites/${siteSlug}/locations/${fixture.north.primaryLocationId}/reviews`)
      .expect(200);
    expect(read.headers['cache-control']).toBe('public, max-age=300');
    expect(read.body.count).toBe(812);
    expect(read.body.average_rating).toBe(4.7);
    expect(read.body.reviews).toHaveLength(12);
    expect(read.body.reviews.map((r: { id: string }) => r.id)).toEqual(reviews(12).map((r) => r.id));
    expect(read.body.reviews[0]).toEqual({
      id: 'g-0',
      author_name: 'Reviewer 0',
      rating: 5,
      text: 'Review number 0.',
      published_at: '2026-11-01T00:00:00.000Z',
      author_photo_url: null,
    });

    // The location list carries the new summary too.
    const locations = await http().get(`/api/sites/${siteSlug}/locations`).expect(200);
    const north = locations.body.find((l: { id: number }) => l.id === fixture.north.primaryLocationId);
    expect([north.average_rating, north.review_count]).toEqual([4.7, 812]);
  });

  it("shows as many as the dealership's configuration says", async () => {
    await push(fixture.west.slug, 'west-sales-reviews', westKey, {
      average_rating: 4.2,
      review_count: 30,
      reviews: reviews(5),
    }).expect(200);
    const read = await http().get(`/api/sites/${siteSlug}/locations/${westLocationId}/reviews`).expect(200);
    expect(read.body.reviews.map((r: { id: string }) => r.id)).toEqual(['g-0', 'g-1']);
  });

  it('replaces the previous set: a review the source no longer sends is gone', async () => {
    await push(fixture.north.slug, 'north-sales-reviews', northKey, {
      average_rating: 4.6,
      review_count: 813,
      reviews: [review(99, { text: 'Newest' })],
    }).expect(200);
    const read = await http()
      .get(`/api/sites/${siteSlug}/locations/${fixture.north.primaryLocationId}/reviews`)
      .expect(200);
    expect(read.body.reviews.map((r: { id: string }) => r.id)).toEqual(['g-99']);
    expect(read.body.count).toBe(813);
    expect(await storedFor(fixture.north.primaryLocationId)).toBe(1);
  });

  it('refuses an invalid push whole, naming the field, and keeps what was there', async () => {
    const response = await push(fixture.north.slug, 'north-sales-reviews', northKey, {
      average_rating: 4.6,
      review_count: 813,
      reviews: [review(1), review(2, { rating: 6 }), review(3, { published_at: 'yesterday' })],
    }).expect(400);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'reviews.1.rating', message: 'rating must be 1 to 5' },
        {
          path: 'reviews.2.published_at',
          message: 'published_at must be an ISO 8601 date-time, e.g. 2026-10-01T09:30:00+10:00',
        },
      ]),
    );
    expect(await storedFor(fixture.north.primaryLocationId)).toBe(1);
  });

  it.each([
    [
      'no key',
      () =>
        push(fixture.north.slug, 'north-sales-reviews', null, { average_rating: null, review_count: 0, reviews: [] }),
      401,
    ],
    [
      'an unknown key',
      () =>
        push(fixture.north.slug, 'north-sales-reviews', 'fk_not-a-key', {
          average_rating: null,
          review_count: 0,
          reviews: [],
        }),
      401,
    ],
    [
      "another dealership's key",
      () =>
        push(fixture.north.slug, 'north-sales-reviews', westKey, {
          average_rating: null,
          review_count: 0,
          reviews: [],
        }),
      403,
    ],
    [
      'an unknown dealership',
      () => push('no-such-dealer', 'x', northKey, { average_rating: null, review_count: 0, reviews: [] }),
      404,
    ],
    [
      'a location of another dealership',
      () =>
        push(fixture.north.slug, 'west-sales-reviews', northKey, {
          average_rating: null,
          review_count: 0,
          reviews: [],
        }),
      404,
    ],
  ])('answers a push with %s with its status and changes nothing', async (_label, send, status) => {
    await send().expect(status);
    expect(await storedFor(fixture.north.primaryLocationId)).toBe(1);
  });

  it('reads only visible locations of the site asked', async () => {
    await http()
      .get(`/api/sites/test-site-reviews-other/locations/${fixture.north.primaryLocationId}/reviews`)
      .expect(404);
    await db.dataSource.query('UPDATE locations SET visible = false WHERE id = $1', [westLocationId]);
    await http().get(`/api/sites/${siteSlug}/locations/${westLocationId}/reviews`).expect(404);
    await http().get(`/api/sites/${siteSlug}/locations/abc/reviews`).expect(400);
  });
});
