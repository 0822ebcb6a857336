import { siteConfigResponseFixture } from '@/test/fixtures';
import { SiteConfigResponseSchema } from '../api/schemas';
import { reshapeSite } from '../api/reshape';
import { siteOriginOf } from './site-origin';

let sentHost = 'werribee-isuzu-ute.localhost:3100';
jest.mock('next/headers', () => ({ headers: async () => new Headers({ host: sentHost }) }));

const site = (hosts: string[]) => {
  const raw = siteConfigResponseFixture();
  return reshapeSite(SiteConfigResponseSchema.parse({ ...raw, site: { ...raw.site, hosts } }));
};

describe('the origin of a site’s absolute URLs (canonical, og:url, sitemap)', () => {
  const port = process.env['PORT'];
  beforeEach(() => {
    process.env['PORT'] = '3100';
  });
  afterAll(() => {
    if (port === undefined) delete process.env['PORT'];
    else process.env['PORT'] = port;
  });

  // A cached page is shown to every later visitor: whatever one client wrote in its Host header
  // must not reach it.
  it.each([
    'werribee-isuzu-ute.localhost:3100',
    'werribee-isuzu-ute.localhost:6666',
    'WERRIBEE-ISUZU-UTE.localhost',
    'werribee-isuzu-ute.localhost.',
    'werribee-isuzu-ute.localhost.:3100',
    'www.werribeeisuzuute.com.au',
  ])('is the primary host on the port this server listens on, whatever Host %p said', async (host) => {
    sentHost = host;
    expect(siteOriginOf(site(['werribee-isuzu-ute.localhost', 'www.werribeeisuzuute.com.au']))).toBe(
      'http://werribee-isuzu-ute.localhost:3100',
    );
  });

  it('is the site’s own development host for a site with no host, never bare localhost', async () => {
    const noHosts = site([]);
    expect(siteOriginOf(noHosts)).toBe(`http://${noHosts.slug}.localhost:3100`);
  });

  it('is https on the primary host, without a port, for a public host', async () => {
    sentHost = 'WWW.WerribeeIsuzuUte.com.au.:6666';
    expect(siteOriginOf(site(['www.werribeeisuzuute.com.au', 'werribee-isuzu-ute.localhost']))).toBe(
      'https://www.werribeeisuzuute.com.au',
    );
  });
});
