import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TEST_REDIS_URL, uniqueRedisPrefix, type TestDatabase } from '@platform/testing';
import {
  DealershipEntity,
  LocationEntity,
  LocationHoursEntity,
  ManufacturerEntity,
  SiteEntity,
  SiteHostEntity,
  SiteTemplateEntity,
} from '@platform/db';
import Redis from 'ioredis';
import { bumpSearchVersion } from '@platform/search';
import { ApiEnvSchema } from '../env';
import { createApiApp } from '../bootstrap';

describe('site API (real PostgreSQL and Redis)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let siteId: number;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    db = await createTestDatabase('platform_api_sites');
    const m = db.dataSource.manager;
    await m.save(SiteTemplateEntity, {
      name: 'tpl',
      config: { theme: { primary_colour: '#111111', accent_colour: '#222222' }, wording: { used_label: 'Pre-Owned' } },
    });
    const site = await m.save(SiteEntity, {
      slug: 'alpha-motors',
      name: 'Alpha Motors',
      template: 'tpl',
      config: { theme: { primary_colour: '#123456' }, buttons: { enquire_label: 'Enquire Now' } },
    });
    const broken = await m.save(SiteEntity, {
      slug: 'broken-site',
      name: 'Broken',
      template: null,
      config: { theme: { primary_colour: 'red' } },
    });
    await m.save(SiteHostEntity, [
      { host: 'alpha-motors.localhost', site_id: site.id, primary: true },
      { host: 'www.alphamotors.com.au', site_id: site.id, primary: false },
      { host: 'broken-site.localhost', site_id: broken.id, primary: true },
    ]);
    const brand = await m.save(ManufacturerEntity, {
      name: 'Subaru',
      slug: 'subaru',
      logo_url: '/media/logos/brands/subaru.svg',
      config: { theme: { primary_colour: '#00adee' } },
    });
    const dealer = await m.save(DealershipEntity, {
      site_id: site.id,
      slug: 'alpha-subaru',
      name: 'Alpha Subaru',
      manufacturer_id: brand.id,
      include_sold_cars_days: 5,
      config: { inventory: { sold_days: 5 } },
    });
    const location = await m.save(LocationEntity, {
      dealership_id: dealer.id,
      name: 'Alpha Subaru Werribee',
      slug: 'alpha-subaru-werribee',
      location_type: 'sales',
      street: '1 Princes Hwy',
      city: 'Werribee',
      state: 'VIC',
      postcode: '3030',
      time_zone: 'Australia/Melbourne',
      phone: '+61 3 9000 0000',
      average_rating: 4.6,
      review_count: 120,
    });
    await m.save(LocationHoursEntity, [
      { location_id: location.id, department: 'sales', weekday: 1, status: 'Open', open: '08:30', close: '17:30' },
      { location_id: location.id, department: 'sales', weekday: 0, status: 'Closed', open: null, close: null },
      { location_id: location.id, department: 'service', weekday: 1, status: 'Open', open: '07:30', close: '17:00' },
    ]);

    siteId = site.id;
    const env = ApiEnvSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    app = await createApiApp(env);
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('lists sites with their hosts (primary first) and theme; a broken site is listed with its error', async () => {
    const res = await request(app.getHttpServer()).get('/api/sites').expect(200);
    expect(res.body).toEqual([
      {
        slug: 'alpha-motors',
        name: 'Alpha Motors',
        status: 'active',
        hosts: ['alpha-motors.localhost', 'www.alphamotors.com.au'],
        theme: { primary_colour: '#123456', logo_url: '/media/logos/default.svg' },
        config_error: null,
      },
      {
        slug: 'broken-site',
        name: 'Broken',
        status: 'active',
        hosts: ['broken-site.localhost'],
        theme: null,
        config_error: expect.stringContaining('theme.primary_colour'),
      },
    ]);
  });

  it('resolves a host, ignoring case and port', async () => {
    const res = await request(app.getHttpServer()).get('/api/sites/by-host/WWW.AlphaMotors.com.au:3000').expect(200);
    expect(res.body).toMatchObject({ slug: 'alpha-motors', name: 'Alpha Motors' });
    // The proxy decides sign-in redirects from these before any page renders.
    expect(res.body.gates).toEqual({ gated_routes: expect.any(Array) });
    expect(res.body.routes).toMatchObject({ checkout_segment: expect.any(String), finance_path: expect.any(String) });
    // and the site's chat widget, whose origin only this site's CSP lets through.
    expect(res.body.chat).toEqual({ widget_script_url: null });
  });

  it('answers the configuration version alone, moved by a host change (the web host cache polls it)', async () => {
    const before = await request(app.getHttpServer()).get('/api/sites/config-version').expect(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body).toEqual({ config: expect.stringMatching(/^\d+$/) });
    await db.dataSource.query(`UPDATE site_hosts SET "primary" = "primary" WHERE host = 'www.alphamotors.com.au'`);
    const after = await request(app.getHttpServer()).get('/api/sites/config-version').expect(200);
    expect(BigInt(after.body.config)).toBeGreaterThan(BigInt(before.body.config));
  });

  it('answers an unknown host with a 404 problem', async () => {
    const res = await request(app.getHttpServer()).get('/api/sites/by-host/nowhere.localhost').expect(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({
      status: 404,
      title: 'Site not found',
      detail: "No site is served at the host 'nowhere.localhost'.",
    });
  });

  it("answers a custom domain's HTTP verification value whatever its state, never cached; nothing for a name it does not verify", async () => {
    const retired = await db.dataSource.query(
      `INSERT INTO sites (slug, name, template, config, retired_at) VALUES ('gone-motors', 'Gone', 'tpl', '{}', now()) RETURNING id`,
    );
    await db.dataSource.query(
      `INSERT INTO site_hosts (host, site_id, "primary", status, verification_token) VALUES
         ('www.pending-alpha.com.au', $1, false, 'pending', 'tok-pending'),
         ('www.failing-alpha.com.au', $1, false, 'failing', 'tok-failing'),
         ('www.gone-motors.com.au', $2, false, 'pending', 'tok-gone')`,
      [siteId, retired[0].id],
    );
    const pending = await request(app.getHttpServer())
      .get('/api/sites/by-host/WWW.Pending-Alpha.com.au:80/verification')
      .expect(200);
    expect(pending.headers['cache-control']).toBe('no-store');
    expect(pending.body).toEqual({
      host: 'www.pending-alpha.com.au',
      value: 'dealer-platform-verification=tok-pending',
    });
    // Still shown once serving: the hourly re-check finds it there too.
    expect(
      (await request(app.getHttpServer()).get('/api/sites/by-host/www.failing-alpha.com.au/verification').expect(200))
        .body.value,
    ).toBe('dealer-platform-verification=tok-failing');

    // Unknown, a development host (no token), a host of a retired site: all the same 404.
    for (const host of ['nowhere.example.com', 'alpha-motors.localhost', 'www.gone-motors.com.au']) {
      const res = await request(app.getHttpServer()).get(`/api/sites/by-host/${host}/verification`).expect(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).toMatchObject({
        title: 'Host not found',
        detail: `'${host}' is not a custom domain of any site.`,
      });
    }
    await request(app.getHttpServer()).get('/api/sites/by-host/bad_host!/verification').expect(400);
    await db.dataSource.query(`DELETE FROM site_hosts WHERE verification_token LIKE 'tok-%'`);
    await db.dataSource.query(`DELETE FROM sites WHERE slug = 'gone-motors'`);
  });

  it('leaves a retired dealership out of the configuration, so one left alone makes a single-dealership site', async () => {
    const [{ id: siteId }] = await db.dataSource.query(`SELECT id FROM sites WHERE slug = 'alpha-motors'`);
    const [{ id: retiredId }] = await db.dataSource.query(
      `INSERT INTO dealerships (site_id, slug, name, retired_at, config) VALUES ($1, 'alpha-gone', 'Alpha Gone', now(), '{}') RETURNING id`,
      [siteId],
    );
    try {
      const res = await request(app.getHttpServer()).get('/api/sites/alpha-motors/config').expect(200);
      expect(res.body.dealerships.map((d: { slug: string }) => d.slug)).toEqual(['alpha-subaru']);
      expect(res.body.dealership_id).not.toBe(retiredId);
      expect(res.body.dealership_id).toEqual(expect.any(Number));
    } finally {
      await db.dataSource.query(`DELETE FROM dealerships WHERE id = $1`, [retiredId]);
    }
  });

  it('serves the merged configuration: site over template over platform defaults', async () => {
    const res = await request(app.getHttpServer()).get('/api/sites/alpha-motors/config').expect(200);
    expect(res.body.config.theme.primary_colour).toBe('#123456');
    expect(res.body.config.theme.accent_colour).toBe('#222222');
    expect(res.body.config.wording.used_label).toBe('Pre-Owned');
    expect(res.body.config.buttons.enquire_label).toBe('Enquire Now');
    expect(res.body.config.wording.no_price_text).toBe('Enquire for price.');
    expect(res.body.site).toMatchObject({
      slug: 'alpha-motors',
      name: 'Alpha Motors',
      template: 'tpl',
      hosts: ['alpha-motors.localhost', 'www.alphamotors.com.au'],
    });
    expect(res.body.dealership_id).toEqual(expect.any(Number));
    expect(res.body.dealerships).toEqual([
      expect.objectContaining({
        slug: 'alpha-subaru',
        name: 'Alpha Subaru',
        include_sold_cars_days: 5,
        config_overrides: { inventory: { sold_days: 5 } },
      }),
    ]);
    expect(res.body.manufacturers).toEqual([
      expect.objectContaining({ slug: 'subaru', logo: { url: '/media/logos/brands/subaru.svg' } }),
    ]);
  });

  it('lists every brand of the site: makes its locations sell and brands its directory names, by their own names', async () => {
    const m = db.dataSource.manager;
    await m.save(ManufacturerEntity, [
      { name: 'Isuzu UTE', slug: 'isuzu-ute', logo_url: '/media/logos/brands/isuzu-ute.svg', config: {} },
      { name: 'BYD', slug: 'byd', logo_url: '/media/logos/brands/byd.svg', config: {} },
      { name: 'Hino', slug: 'hino', logo_url: '/media/logos/brands/hino.svg', config: {} },
    ]);
    const directory = {
      path: '/brands',
      title: 'Our Brands',
      sections: [{ heading: 'Car Brands', brands: ['byd'] }],
      logo_grid_heading: 'Our Brands',
      stats: [],
      group_companies: [],
    };
    await db.dataSource.query(
      `UPDATE locations SET manufacturers = '["subaru", "isuzu-ute"]' WHERE slug = 'alpha-subaru-werribee'`,
    );
    await db.dataSource.query(
      `UPDATE sites SET config = config || jsonb_build_object('features', '{"brand_directory_enabled":true}'::jsonb,
         'marketing', jsonb_build_object('brand_directory', $1::jsonb)) WHERE slug = 'alpha-motors'`,
      [JSON.stringify(directory)],
    );
    try {
      const res = await request(app.getHttpServer()).get('/api/sites/alpha-motors/config').expect(200);
      expect(res.body.manufacturers.map((b: { slug: string; name: string }) => [b.slug, b.name])).toEqual([
        ['byd', 'BYD'],
        ['isuzu-ute', 'Isuzu UTE'],
        ['subaru', 'Subaru'],
      ]);
    } finally {
      await db.dataSource.query(`UPDATE locations SET manufacturers = '[]' WHERE slug = 'alpha-subaru-werribee'`);
      await db.dataSource.query(
        `UPDATE sites SET config = config - 'features' - 'marketing' WHERE slug = 'alpha-motors'`,
      );
      await db.dataSource.query(`DELETE FROM manufacturers WHERE slug IN ('isuzu-ute', 'byd', 'hino')`);
    }
  });

  it('serves a configuration change without a restart: the next request sees the changed layer', async () => {
    const colour = async () =>
      (await request(app.getHttpServer()).get('/api/sites/alpha-motors/config').expect(200)).body.config.theme;
    expect((await colour()).primary_colour).toBe('#123456');
    await db.dataSource.query(
      `UPDATE site_templates SET config = config || '{"theme":{"accent_colour":"#333333"}}' WHERE name = 'tpl'`,
    );
    await db.dataSource.query(
      `UPDATE sites SET config = jsonb_set(config, '{theme,primary_colour}', '"#654321"') WHERE slug = 'alpha-motors'`,
    );
    try {
      expect(await colour()).toMatchObject({ primary_colour: '#654321', accent_colour: '#333333' });
    } finally {
      await db.dataSource.query(
        `UPDATE sites SET config = jsonb_set(config, '{theme,primary_colour}', '"#123456"') WHERE slug = 'alpha-motors'`,
      );
      await db.dataSource.query(
        `UPDATE site_templates SET config = config || '{"theme":{"accent_colour":"#222222"}}' WHERE name = 'tpl'`,
      );
    }
    expect(await colour()).toMatchObject({ primary_colour: '#123456', accent_colour: '#222222' });
  });

  it("lists the servicing page's claims from each dealership's merged configuration, its brand's included", async () => {
    const claims = async () =>
      (await request(app.getHttpServer()).get('/api/sites/alpha-motors/config').expect(200)).body.servicing_claims;
    expect(await claims()).toEqual([]);
    await db.dataSource.query(
      `UPDATE manufacturers SET config = config || '{"marketing":{"claims":["5 year unlimited km warranty"]}}' WHERE slug = 'subaru'`,
    );
    try {
      expect(await claims()).toEqual(['5 year unlimited km warranty']);
    } finally {
      await db.dataSource.query(`UPDATE manufacturers SET config = config - 'marketing' WHERE slug = 'subaru'`);
    }
  });

  it('shapes locations as the specification does, with formatted hours per department', async () => {
    const res = await request(app.getHttpServer()).get('/api/sites/alpha-motors/config').expect(200);
    const [location] = res.body.locations;
    expect(location).toMatchObject({
      name: 'Alpha Subaru Werribee',
      dealership_slug: 'alpha-subaru',
      address: { street: '1 Princes Hwy', city: 'Werribee', state: 'VIC', postcode: '3030' },
      contact_detail: { phone: '+61 3 9000 0000' },
      reviews: { average_rating: 4.6, count: 120 },
      time_zone: 'Australia/Melbourne',
    });
    expect(location.contact_detail.opening_hours).toEqual([
      { weekday: 0, status: 'Closed', open: null, close: null, formated_hours: 'Closed' },
      { weekday: 1, status: 'Open', open: '08:30', close: '17:30', formated_hours: '8:30am - 5:30pm' },
    ]);
    expect(location.department_hours.service).toEqual([
      { weekday: 1, status: 'Open', open: '07:30', close: '17:00', formated_hours: '7:30am - 5pm' },
    ]);
  });

  it("versions what a site's pages render from: the search version moves with an index bump, the config version with any layer", async () => {
    const version = async () =>
      (
        await request(app.getHttpServer())
          .get('/api/sites/alpha-motors/version')
          .expect(200)
          .expect('Cache-Control', 'no-store')
      ).body as { search: string; config: string };
    const before = await version();
    expect(before).toEqual({ search: expect.stringMatching(/^\d+$/), config: expect.stringMatching(/^\d+$/) });

    const redis = new Redis(TEST_REDIS_URL);
    try {
      await bumpSearchVersion(redis, prefix, siteId);
    } finally {
      redis.disconnect();
    }
    const afterBump = await version();
    expect(Number(afterBump.search)).toBe(Number(before.search) + 1);
    expect(afterBump.config).toBe(before.config);

    await db.dataSource.query(
      `UPDATE sites SET config = jsonb_set(config, '{theme,primary_colour}', '"#654321"') WHERE id = $1`,
      [siteId],
    );
    const afterEdit = await version();
    expect(afterEdit.config).not.toBe(before.config);
    await db.dataSource.query(
      `UPDATE sites SET config = jsonb_set(config, '{theme,primary_colour}', '"#123456"') WHERE id = $1`,
      [siteId],
    );
    await request(app.getHttpServer()).get('/api/sites/no-such-site/version').expect(404);
  });

  it('sets an ETag and Cache-Control, and answers 304 when the ETag matches', async () => {
    const first = await request(app.getHttpServer()).get('/api/sites/alpha-motors/config').expect(200);
    expect(first.headers['cache-control']).toContain('max-age=60');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    await request(app.getHttpServer()).get('/api/sites/alpha-motors/config').set('If-None-Match', etag).expect(304);
  });

  it('answers an unknown site with a 404 problem and a malformed slug with a 400 naming the field', async () => {
    const missing = await request(app.getHttpServer()).get('/api/sites/no-such-site/config').expect(404);
    expect(missing.body).toMatchObject({ title: 'Site not found', detail: "No site has the slug 'no-such-site'." });
    const bad = await request(app.getHttpServer()).get('/api/sites/Bad_Slug!/config').expect(400);
    expect(bad.body.errors[0].message).toBe('Use a site slug: lower-case letters, digits and hyphens');
  });

  it('refuses to serve a configuration that fails its schema, naming the layer and path', async () => {
    const res = await request(app.getHttpServer()).get('/api/sites/broken-site/config').expect(500);
    expect(res.body.title).toBe('Site configuration invalid');
    expect(res.body.errors).toEqual([
      { path: 'site.theme.primary_colour', message: 'Use a hex colour such as #1a2b3c' },
    ]);
  });

  it('reports ready when PostgreSQL and Redis answer', async () => {
    await request(app.getHttpServer()).get('/health/live').expect(200, { status: 'ok' });
    const res = await request(app.getHttpServer()).get('/health/ready').expect(200);
    expect(res.body.checks).toEqual({ postgres: { status: 'up' }, redis: { status: 'up' } });
  });
});
