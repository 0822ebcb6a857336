import fc from 'fast-check';
import { insightsUnsubscribeToken } from '@platform/leads';
import { createStockFixture } from '@platform/testing';
import { percent } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const SECRET = 'test-alert-link-secret-for-insights-email-0123456789';

/** The weekly insights email's unsubscribe routes, without signing in (real PostgreSQL and Redis). */
describe('Dealer insights email unsubscribe (real PostgreSQL and Redis)', () => {
  let api: SiteApiHarness;
  let userId = '';
  let otherSiteSlug = '';

  beforeAll(async () => {
    api = await createSiteApiHarness('insightsemail', { env: { ALERT_LINK_SECRET: SECRET } });
    const [user] = (await api.db.dataSource.query(
      `INSERT INTO dealer_users (site_id, email, name) VALUES ($1, 'olive@north.example', 'Olive') RETURNING id`,
      [api.fixture.siteId],
    )) as { id: string }[];
    userId = user!.id;
    const other = await createStockFixture(api.db.dataSource, 'insightsemail-other');
    [{ slug: otherSiteSlug }] = (await api.db.dataSource.query(`SELECT slug FROM sites WHERE id = $1`, [
      other.siteId,
    ])) as { slug: string }[];
  });

  afterAll(async () => {
    await api?.close();
  });

  const path = (token: string) => `/api/dealer/insights/email/unsubscribe?token=${percent(token)}`;
  const optedOut = async () =>
    (
      (await api.db.dataSource.query(`SELECT user_id FROM dealer_insights_email_opt_outs`)) as { user_id: string }[]
    ).map((row) => row.user_id);

  it('says what the link stops, and a one-click POST (no cookie, no CSRF token) stops it, twice the same', async () => {
    const token = insightsUnsubscribeToken(SECRET, userId);
    const described = await api.http().get(path(token)).set('x-site-slug', api.siteSlug).expect(200);
    expect(described.body).toEqual({ email: 'olive@north.example', subscribed: true });
    expect(await optedOut()).toEqual([]);
    for (let i = 0; i < 2; i++)
      await api
        .http()
        .post(path(token))
        .set('x-site-slug', api.siteSlug)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200, { unsubscribed: true });
    expect(await optedOut()).toEqual([userId]);
    const again = await api.http().get(path(token)).set('x-site-slug', api.siteSlug).expect(200);
    expect(again.body.subscribed).toBe(false);
  });

  it('refuses a link on another site, or signed with another secret, naming the token', async () => {
    const token = insightsUnsubscribeToken(SECRET, userId);
    const elsewhere = await api.http().post(path(token)).set('x-site-slug', otherSiteSlug).expect(400);
    expect(elsewhere.body.errors).toEqual([{ path: 'token', message: 'Not a valid unsubscribe link' }]);
    await api
      .http()
      .post(path(insightsUnsubscribeToken('another-secret-another-secret-0123456789', userId)))
      .set('x-site-slug', api.siteSlug)
      .expect(400);
  });

  it('never answers a hostile token with a 5xx nor writes anything (property)', async () => {
    const before = await optedOut();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.constantFrom('__proto__', 'constructor', '\u0000', '\ud800', `${userId}.`, 'x'.repeat(5000)),
        ),
        fc.constantFrom('get', 'post') as fc.Arbitrary<'get' | 'post'>,
        async (token, method) => {
          const answer = await api.http()[method](path(token)).set('x-site-slug', api.siteSlug);
          expect([400]).toContain(answer.status);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    );
    expect(await optedOut()).toEqual(before);
  });
});
