import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TEST_REDIS_URL, uniqueRedisPrefix, type TestDatabase } from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';

/**
 * docs/api.md describes the site, shopper and ops APIs for people; /api/docs serves the OpenAPI
 * document the controllers produce. Every route the guide names must be in that document, so the
 * guide cannot describe an endpoint that was renamed or removed.
 */
const GUIDE = path.resolve(__dirname, '../../../../docs/api.md');
const FEED_GUIDE = path.resolve(__dirname, '../../../../docs/feeds.md');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** '/api/sites/{siteSlug}/cars/{slug}?x=' -> '/api/sites/{}/cars/{}': parameters by position, not name. */
export const normalisePath = (route: string): string =>
  route
    .replace(/[?#].*$/, '')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/$/, '');

/**
 * Routes named in a markdown guide, as 'METHOD /path'. A cell may abbreviate a route after a
 * full one ('`GET /api/x/{id}`, `DELETE …/{id}`'): '…/' continues the last full route of the
 * line from the segment the two share (or, sharing none, below it). '[/{keyId}]' is optional.
 */
export function guideRoutes(markdown: string): string[] {
  const routes = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    let base: string[] | null = null;
    for (const [, method, written] of line.matchAll(/`(GET|POST|PUT|PATCH|DELETE) ((?:\/|…\/)[^`\s]*)`/g)) {
      let route = written.replace(/[?#].*$/, '');
      if (route.startsWith('…/')) {
        if (!base) throw new Error(`'${method} ${written}' continues no route on its line: ${line}`);
        const rest = route.slice(2).split('/');
        const at = base.map(normalisePath).lastIndexOf(normalisePath(rest[0]));
        route = [...(at >= 0 ? base.slice(0, at) : base), ...rest].join('/');
      } else {
        base = route.split('/');
      }
      const optional = /^(.*)\[(\/[^\]]+)\]$/.exec(route);
      const variants = optional ? [optional[1], optional[1] + optional[2]] : [route];
      for (const variant of variants) routes.add(`${method} ${normalisePath(variant)}`);
    }
  }
  return [...routes].sort();
}

describe('docs/api.md against the OpenAPI document the api serves', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let documented: Set<string>;

  beforeAll(async () => {
    db = await createTestDatabase('platform_api_guide');
    const env = ApiEnvSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    app = await createApiApp(env);
    await app.init();
    const { body } = await request(app.getHttpServer()).get('/api/docs/openapi.json').expect(200);
    documented = new Set(
      Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([route, operations]) =>
        METHODS.filter((method) => method in operations).map(
          (method) => `${method.toUpperCase()} ${normalisePath(route)}`,
        ),
      ),
    );
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('reads abbreviated and optional routes the way a reader does', () => {
    expect(
      guideRoutes(
        [
          '| `GET /api/sites/{siteSlug}/saved-searches`, `POST …/saved-searches/seen` | x |',
          '| `PATCH /api/s/{siteSlug}/saved/{id}`, `DELETE …/{id}` | `GET /api/payments/local/{id}`, `POST …/approve`, `POST …/decline` |',
          '| `DELETE /api/ops/dealerships/{slug}/feed-keys[/{keyId}]` | `GET /api/x?y=` |',
          '```sh',
          'curl `GET /not/a/route`',
          '```',
        ].join('\n'),
      ),
    ).toEqual([
      'DELETE /api/ops/dealerships/{}/feed-keys',
      'DELETE /api/ops/dealerships/{}/feed-keys/{}',
      'DELETE /api/s/{}/saved/{}',
      'GET /api/payments/local/{}',
      'GET /api/sites/{}/saved-searches',
      'GET /api/x',
      'PATCH /api/s/{}/saved/{}',
      'POST /api/payments/local/{}/approve',
      'POST /api/payments/local/{}/decline',
      'POST /api/sites/{}/saved-searches/seen',
    ]);
  });

  it('every route the guide names is in the OpenAPI document', () => {
    const routes = guideRoutes(readFileSync(GUIDE, 'utf8'));
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('every route in the OpenAPI document is in the guide (or, for the feed push API, in docs/feeds.md)', () => {
    const routes = new Set([GUIDE, FEED_GUIDE].flatMap((file) => guideRoutes(readFileSync(file, 'utf8'))));
    expect([...documented].filter((route) => !routes.has(route)).sort()).toEqual([]);
  });
});
