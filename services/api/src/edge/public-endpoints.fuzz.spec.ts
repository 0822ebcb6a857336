import fc from 'fast-check';
import { createStockFixture, feedCar as car } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

/**
 * Every public endpoint, sent generated hostile input through the real api (its own database and
 * Redis prefix, real workers): never a 5xx, and every refusal is problem details. FUZZ_RUNS sets
 * the runs per endpoint (default 200, as CI runs it).
 */

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 200);

/** Values that have broken real endpoints: NUL, past-integer ids, huge and odd numbers, long and nested text. */
const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '99999999999',
    '2147483648',
    '-1',
    '0',
    '1e400',
    'NaN',
    '0:2147483648',
    '-9999999999999999:5',
    ':',
    '%00',
    '../../etc/passwd',
    '<script>',
  ),
  fc.constantFrom(99_999_999_999, 2_147_483_648, -1, 0, 1.5, Number.MAX_SAFE_INTEGER, true, null),
  fc.string({ maxLength: 40 }),
  // Any code point, control characters included ('binary' leaves out surrogate halves)...
  fc.string({ unit: 'binary', maxLength: 40 }),
  // ...and halves of surrogate pairs, which jsonb refuses.
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)), maxLength: 3 }),
  fc.string({ minLength: 5_000, maxLength: 12_000 }),
  fc.integer(),
  fc.double(),
);
/** Text a URL can carry: a lone surrogate becomes U+FFFD, as a browser's encoder makes it. */
const wellFormed = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/** Keys that have broken parsers: prototype names, NUL and other control characters, half a surrogate pair. */
const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '__proto__.x', 'a\u0000b', '\u0000', 'x\ud800'),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

/** An object with hostile own keys; '__proto__' stays an own property, as JSON.parse makes it. */
const hostileObject = (values: fc.Arbitrary<unknown>, base: Record<string, unknown> = {}) =>
  fc.array(fc.tuple(hostileKey, values), { maxLength: 4 }).map((entries) => {
    const object: Record<string, unknown> = { ...base };
    for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true });
    return object;
  });

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: hostileObject(hostileScalar) },
);

/** A query string of the given keys (plus hostile ones), each with a hostile value. */
const hostileQuery = (keys: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, fc.option(hostileScalar, { nil: undefined })]))),
      fc.array(fc.tuple(hostileKey, hostileScalar), { maxLength: 2 }),
    )
    .map(([params, extra]) =>
      [...Object.entries(params), ...extra]
        .filter(([, value]) => value !== undefined)
        // A lone surrogate cannot be percent-encoded: sent as its replacement, as a browser would.
        .map(
          ([key, value]) => `${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(String(value)))}`,
        )
        .join('&'),
    );

/** A JSON body with the given fields, each hostile, sometimes not an object at all. */
const hostileBody = (fields: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] }),
    },
    // The endpoint's fields beside hostile keys of their own.
    {
      weight: 2,
      arbitrary: fc
        .record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] })
        .chain((known) => hostileObject(hostileValue, known)),
    },
    { weight: 1, arbitrary: hostileValue },
  );

/** A path segment: hostile text, encoded so it stays one segment. */
const hostileSegment = hostileScalar.map((value) => encodeURIComponent(wellFormed(String(value))) || 'x');

/**
 * A path segment as a client may write it, percent-encoding included: encoded NUL and line breaks,
 * bytes that are not UTF-8 (a lone %C0, overlong and surrogate forms), bidi overrides, encoded
 * slashes and dots, malformed escapes, and arbitrary byte sequences.
 */
const hostileEncodedSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'ab%00c',
    'werribee%00-isuzu-ute',
    '%0A',
    'a%0D%0Ab',
    '%09',
    '%7F',
    '%C0',
    '%C0%AF',
    '%E0%80%AF',
    '%F0%80%80%AF',
    '%ED%A0%80',
    '%E2%80%AE',
    '%EF%BF%BF',
    '%FF%FE',
    '..%2F',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '%5C',
    '%',
    '%0',
    '%zz',
    '%25',
    '%2500',
    'a%20b',
    '99999999999',
  ),
  fc
    .uint8Array({ minLength: 1, maxLength: 6 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('')),
  fc.string({ maxLength: 20 }).map((text) => encodeURIComponent(text) || 'x'),
  fc.constant(`a${'%00'.repeat(300)}`),
);

/** Every route the api serves, read from its router, so a route added later is fuzzed too. */
interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}
const routesOf = (app: SiteApiHarness['app']): [method: string, path: string][] =>
  (app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } }).router.stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((method) => method !== '_all')
          .map((method): [string, string] => [method, layer.route!.path])
      : [],
  );

describe('public endpoints under generated hostile input (real api, PostgreSQL, Redis)', () => {
  let h: SiteApiHarness;
  let carSlug: string;
  let locationId: number;
  let feedKey: string;

  beforeAll(async () => {
    h = await createSiteApiHarness('fuzz', {
      env: {
        OPS_TOKEN: 'fuzz-ops-token-0123456789abcdef',
        // Generous limits: the suite checks answers to input, not the limits themselves.
        PHONE_REVEAL_LIMIT_PER_MINUTE: '100000',
        LEAD_SUBMIT_LIMIT_PER_MINUTE: '100000',
        ANALYTICS_EVENT_LIMIT_PER_MINUTE: '100000',
        SIGN_IN_CODE_LIMIT_PER_HOUR: '100000',
        SIGN_IN_VERIFY_LIMIT_PER_10_MINUTES: '100000',
      },
    });
    await h.load(h.fixture.north.id, [car('FZ1', { price: 30000 }), car('FZ2', { price: 40000 })]);
    [{ slug: carSlug }] = (await h.db.dataSource.query(`SELECT slug FROM cars WHERE stocknum = 'FZ1'`)) as {
      slug: string;
    }[] as [{ slug: string }];
    [{ id: locationId }] = (await h.db.dataSource.query(`SELECT id FROM locations ORDER BY id LIMIT 1`)) as [
      { id: number },
    ];
    feedKey = (
      await h
        .http()
        .post(`/api/ops/dealerships/${h.fixture.north.slug}/feed-keys`)
        .set('Authorization', 'Bearer fuzz-ops-token-0123456789abcdef')
        .expect(201)
    ).body.key;
  });

  afterAll(async () => {
    await h?.close();
  });

  /** The answer must be below 500, and a refusal must be problem details. */
  const expectNoServerError = (
    response: { status: number; headers: Record<string, string>; body: unknown; text?: string },
    what: string,
  ) => {
    if (response.status >= 500) throw new Error(`${what} answered ${response.status}: ${response.text?.slice(0, 300)}`);
    // 431: Node's HTTP parser refuses a request line over its 16 KB header limit before the app runs.
    if (response.status === 431) return;
    if (response.status >= 400)
      expect(`${what}: ${response.headers['content-type']}`).toMatch(/: application\/problem\+json/);
  };

  const site = () => h.siteSlug;
  const GETS: [string, () => fc.Arbitrary<string>][] = [
    ['search by host', () => hostileSegment.map((host) => `/api/sites/by-host/${host}`)],
    ['site config', () => hostileSegment.map((slug) => `/api/sites/${slug}/config`)],
    ['car', () => hostileSegment.map((slug) => `/api/sites/${site()}/cars/${slug}`)],
    ['similar', () => hostileSegment.map((slug) => `/api/sites/${site()}/cars/${slug}/similar`)],
    ['test-drive slots', () => hostileSegment.map((slug) => `/api/sites/${site()}/cars/${slug}/test-drive-slots`)],
    ['finance disclaimer', () => hostileQuery(['car_id']).map((q) => `/api/sites/${site()}/finance/disclaimer?${q}`)],
    [
      'view.json',
      () =>
        fc
          .tuple(
            fc.oneof(hostileSegment, fc.constant(carSlug)),
            hostileQuery(['photos_count', 'updated_at', 'website_id']),
          )
          .map(([slug, q]) => `/api/cars/${slug}/view.json?${q}`),
    ],
    ['autogauge', () => hostileSegment.map((slug) => `/api/cars/${slug}/autogauge`)],
    ['geo', () => hostileSegment.map((postcode) => `/api/geo/postcodes/${postcode}`)],
    [
      'locations',
      () =>
        hostileQuery(['type', 'manufacturer', 'subtype', 'exclude', 'q']).map(
          (q) => `/api/sites/${site()}/locations?${q}`,
        ),
    ],
    ['delivery', () => hostileQuery(['postcode', 'car']).map((q) => `/api/sites/${site()}/delivery?${q}`)],
    ['reviews', () => hostileSegment.map((id) => `/api/sites/${site()}/locations/${id}/reviews`)],
    ['watchlist', () => hostileQuery(['site']).map((q) => `/api/watchlist?${q}`)],
    ['sign-in me', () => hostileQuery([]).map((q) => `/api/sites/${site()}/me?${q}`)],
    ['feed run', () => hostileSegment.map((id) => `/api/feeds/runs/${id}`)],
  ];

  it.each(GETS)('GET %s', async (name, paths) => {
    await fc.assert(
      fc.asyncProperty(paths(), async (path) => {
        const response = await h
          .http()
          .get(path)
          .set('Authorization', name === 'feed run' ? `Bearer ${feedKey}` : '');
        expectNoServerError(response, `GET ${path}`);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  const POSTS: [string, () => string, string[]][] = [
    [
      'search',
      () => `/api/sites/${site()}/search`,
      ['query', 'filters', 'ranges', 'sort', 'page', 'hitsPerPage', 'facets'],
    ],
    ['search hits', () => `/api/sites/${site()}/search/hits`, ['ids', 'slugs', 'query']],
    ['models', () => `/api/sites/${site()}/search/models`, ['make', 'model', 'body', 'page']],
    [
      'special offers',
      () => `/api/sites/${site()}/search/special-offers`,
      ['dealership_id', 'categories', 'price', 'page'],
    ],
    [
      'leads',
      () => `/api/sites/${site()}/leads`,
      ['form', 'name', 'email', 'phone', 'message', 'car_id', 'location_id', 'opt_in', 'idempotency_key'],
    ],
    ['events', () => `/api/sites/${site()}/events`, ['event', 'car_id', 'website_id', 'data']],
    ['phone reveal', () => `/api/cars/${carSlug}/phone-reveal`, ['car_id', 'dealership_id', 'website_id']],
    ['sign-in code', () => `/api/sites/${site()}/sign-in/code`, ['phone']],
    ['sign-in verify', () => `/api/sites/${site()}/sign-in/verify`, ['phone', 'code', 'redirect']],
    ['watchlist save', () => '/api/watchlist/save-car', ['car_id', 'site']],
    ['quote', () => '/api/youx/quote', ['car_id', 'price', 'deposit', 'term']],
    ['miscellaneous', () => '/api/miscellaneous', ['form', 'fields']],
  ];

  it.each(POSTS)('POST %s', async (_name, path, fields) => {
    await fc.assert(
      fc.asyncProperty(hostileBody(fields), async (body) => {
        const response = await h.http().post(path()).set('Content-Type', 'application/json').send(JSON.stringify(body));
        expectNoServerError(response, `POST ${path()} ${JSON.stringify(body).slice(0, 200)}`);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  it('POST a feed push with hostile rows and query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileBody(['stocknum', 'make', 'model', 'year', 'car_type', 'price', 'km', 'images']), {
          maxLength: 5,
        }),
        hostileQuery(['mode']),
        async (rows, q) => {
          const response = await h
            .http()
            .post(`/api/feeds/${h.fixture.north.slug}?${q}`)
            .set('Authorization', `Bearer ${feedKey}`)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(rows));
          expectNoServerError(response, `POST feed ${q}`);
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  it('every route (public, ops, feeds, dealer), hit with percent-encoded hostile path segments', async () => {
    // A real value for each parameter, so a hostile one next to it reaches the deeper lookups. A
    // DELETE (retiring a site through ops) gets a site of its own, so the later cases still find theirs.
    await createStockFixture(h.db.dataSource, 'fuzz-doomed');
    const real: Record<string, (method: string) => string> = {
      siteSlug: (method) => (method === 'delete' ? 'test-site-fuzz-doomed' : site()),
      dealershipSlug: () => h.fixture.north.slug,
      slug: () => carSlug,
      locationId: () => String(locationId),
    };
    const auth = (path: string) =>
      path.startsWith('/api/ops/')
        ? 'Bearer fuzz-ops-token-0123456789abcdef'
        : path.startsWith('/api/feeds/')
          ? `Bearer ${feedKey}`
          : '';
    const routes = routesOf(h.app).filter(([, path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(50);
    // A few routes at a time: each request mostly waits on PostgreSQL, so this keeps the suite's wall time down.
    const queue = [...routes];
    const fuzzRoute = async ([method, pattern]: [string, string]) => {
      const params = pattern.match(/:[A-Za-z]+/g) ?? [];
      const path = fc
        .tuple(
          fc.array(
            fc.oneof({ weight: 3, arbitrary: hostileEncodedSegment }, { weight: 1, arbitrary: fc.constant(null) }),
            { minLength: params.length, maxLength: params.length },
          ),
          hostileEncodedSegment,
        )
        .map(([values, extra]) => {
          let at = 0;
          const filled = pattern.replace(/:[A-Za-z]+/g, (param) => {
            const value = values[at++];
            return value ?? real[param.slice(1)]?.(method) ?? 'x';
          });
          // A route without parameters gets the hostile segment after it, at the router's edge.
          return params.length > 0 ? filled : `${filled}/${extra}`;
        });
      await fc.assert(
        fc.asyncProperty(path, async (url) => {
          const request = (
            h.http() as unknown as Record<
              string,
              (url: string) => ReturnType<ReturnType<SiteApiHarness['http']>['get']>
            >
          )[method]!(url).set('Authorization', auth(url));
          const response = await (['post', 'put', 'patch'].includes(method)
            ? request.set('Content-Type', 'application/json').send('{}')
            : request);
          expectNoServerError(response, `${method.toUpperCase()} ${url}`);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    };
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) await fuzzRoute(route);
      }),
    );
  }, 600_000);

  it('the inputs that answered 500 before are refused as problem details', async () => {
    const cases: [string, () => Promise<{ status: number; body: { errors?: { path: string }[] } }>][] = [
      ['NUL in a search query', () => h.http().post(`/api/sites/${site()}/search`).send({ query: 'hi\u0000lux' })],
      [
        'NUL in a lead field',
        () => h.http().post(`/api/sites/${site()}/leads`).send({ form: 'contact', name: 'A\u0000B' }),
      ],
      [
        'a price range past the integer column',
        () =>
          h
            .http()
            .post(`/api/sites/${site()}/search`)
            .send({ ranges: { price: '0:2147483648' } }),
      ],
      [
        'a car id past the integer column',
        () => h.http().get(`/api/sites/${site()}/finance/disclaimer?car_id=99999999999`),
      ],
      [
        'a location id past the integer column',
        () => h.http().get(`/api/sites/${site()}/locations/99999999999/reviews`),
      ],
      [
        'a lone surrogate in a lead field (jsonb refuses it)',
        () =>
          h
            .http()
            .post(`/api/sites/${site()}/leads`)
            .set('Content-Type', 'application/json')
            .send('{"form":"contact","name":"A\\ud800B","email":"a@example.com.au"}'),
      ],
      [
        'a body nested 100,000 deep (the NUL check walked it on the stack)',
        () =>
          h
            .http()
            .post(`/api/sites/${site()}/search`)
            .set('Content-Type', 'application/json')
            .send(`{"filters":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
      ],
    ];
    for (const [what, send] of cases) {
      const response = await send();
      expect({ what, status: response.status < 500 }).toEqual({ what, status: true });
    }
    expect((await h.http().post(`/api/sites/${site()}/search`).send({ query: 'hi\u0000lux' })).body).toMatchObject({
      status: 400,
      errors: [{ path: 'body.query' }],
    });
    // A key of invisible characters is still named, as escapes: stripped, it would read 'query.'.
    expect((await h.http().get(`/api/sites/${site()}/cars?%1F%7F=%00`)).body).toMatchObject({
      status: 400,
      errors: [{ path: 'query.\\u001f\\u007f' }],
    });
    expect((await h.http().get(`/api/sites/${site()}/locations/99999999999/reviews`)).status).toBe(400);
    // A range past the integer column is a valid range that simply matches everything below it.
    expect(
      (
        await h
          .http()
          .post(`/api/sites/${site()}/search`)
          .send({ ranges: { price: '0:2147483648' } })
      ).status,
    ).toBe(200);
    expect(locationId).toBeGreaterThan(0);
  });

  it('refuses an encoded NUL or a malformed encoding in a path segment with 400 problem details', async () => {
    const ops = 'Bearer fuzz-ops-token-0123456789abcdef';
    const probes: [string, () => Promise<{ status: number; headers: Record<string, string>; body: unknown }>][] = [
      [
        'a feed push',
        () => h.http().post('/api/feeds/werribee%00-isuzu-ute').set('Authorization', `Bearer ${feedKey}`).send('[]'),
      ],
      [
        'a reviews push',
        () =>
          h
            .http()
            .put(`/api/feeds/${h.fixture.north.slug}/locations/ab%00c/reviews`)
            .set('Authorization', `Bearer ${feedKey}`)
            .send({}),
      ],
      [
        'a feed-key revocation',
        () => h.http().delete('/api/ops/dealerships/ab%00c/feed-keys').set('Authorization', ops),
      ],
      ['a reindex', () => h.http().post('/api/ops/sites/ab%00c/reindex').set('Authorization', ops)],
      ['a car page', () => h.http().get(`/api/sites/${site()}/cars/%C0`)],
      ['a lone percent sign', () => h.http().get(`/api/sites/${site()}/cars/50%`)],
    ];
    for (const [what, send] of probes) {
      const response = await send();
      expect({ what, status: response.status, type: response.headers['content-type'] }).toEqual({
        what,
        status: 400,
        type: expect.stringMatching(/^application\/problem\+json/),
      });
      expect(response.body).toMatchObject({ errors: [{ path: 'path' }] });
    }
  });
});
