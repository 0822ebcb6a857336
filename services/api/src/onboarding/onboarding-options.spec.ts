import { AUSTRALIAN_TIME_ZONES } from '@platform/domain';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { seedTemplatesAndBrands } from '../testing/onboarding';

const OPS_TOKEN = 'test-ops-token-onboarding-options-0123';

describe('GET /api/ops/onboarding/options (real api and PostgreSQL)', () => {
  let api: SiteApiHarness;

  beforeAll(async () => {
    api = await createSiteApiHarness('onboarding_options', { env: { OPS_TOKEN } });
    await seedTemplatesAndBrands(api);
    // A fresh database migrated from nothing: slow on a loaded two-core machine.
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  it('answers the templates and brands in the database and the time zones a document may name', async () => {
    const { body, headers } = await api
      .http()
      .get('/api/ops/onboarding/options')
      .set('Authorization', `Bearer ${OPS_TOKEN}`)
      .expect(200);
    expect(headers['cache-control']).toBe('private, no-store');
    const templates = (await api.db.dataSource.query(`SELECT name FROM site_templates ORDER BY name`)) as {
      name: string;
    }[];
    const brands = (await api.db.dataSource.query(`SELECT slug, name FROM manufacturers ORDER BY name, slug`)) as {
      slug: string;
      name: string;
    }[];
    expect(templates.length).toBeGreaterThan(0);
    expect(brands.length).toBeGreaterThan(0);
    expect(body).toEqual({ templates, manufacturers: brands, time_zones: [...AUSTRALIAN_TIME_ZONES] });
  });

  it('is for ops only', async () => {
    await api.http().get('/api/ops/onboarding/options').expect(401);
    await api.http().get('/api/ops/onboarding/options').set('Authorization', 'Bearer wrong').expect(401);
  });
});
