import { NextRequest } from 'next/server';
import { ApiError } from './lib/api/client';
import { findHostVerification, findSiteByHost, readConfigVersion } from './lib/api/hosts';
import { proxy } from './proxy';
import type { SiteRef } from './lib/tenancy/host-resolver';
import { siteRefFixture } from './test/fixtures';

jest.mock('./lib/api/hosts', () => ({
  findSiteByHost: jest.fn(),
  readConfigVersion: jest.fn(async () => '1'),
  findHostVerification: jest.fn(),
}));
const lookup = findSiteByHost as jest.MockedFunction<typeof findSiteByHost>;
const configVersion = readConfigVersion as jest.MockedFunction<typeof readConfigVersion>;

const SITES: Record<string, SiteRef> = {
  'werribee-isuzu-ute.localhost': siteRefFixture('werribee-isuzu-ute', 'Werribee Isuzu UTE'),
  'www.werribeeisuzuute.com.au': siteRefFixture('werribee-isuzu-ute', 'Werribee Isuzu UTE'),
  'harbour-motor-group.localhost': siteRefFixture('harbour-motor-group', 'Harbour Motor Group'),
  'gated.localhost': siteRefFixture('gated-site', 'Gated', ['my_garage', 'checkout']),
  'realdealer.com.au': { ...siteRefFixture('real-dealer', 'Real Dealer'), primary_host: 'www.realdealer.com.au' },
  'www.realdealer.com.au': { ...siteRefFixture('real-dealer', 'Real Dealer'), primary_host: 'www.realdealer.com.au' },
  'real-dealer.localhost': { ...siteRefFixture('real-dealer', 'Real Dealer'), primary_host: 'www.realdealer.com.au' },
  'paused.localhost': { ...siteRefFixture('paused-motors', 'Paused <Motors>'), status: 'suspended' },
};

// The proxy keeps answers for 30 s in module memory, so each test that counts lookups uses a host
// no earlier test has asked about.

function request(host: string, path = '/', headers: Record<string, string> = {}): NextRequest {
  return new NextRequest(`http://${host}${path}`, { headers: { host, ...headers } });
}

/** Where Next will serve the request from after the proxy: the rewrite target's path, or null. */
function rewrittenTo(response: Response): string | null {
  const target = response.headers.get('x-middleware-rewrite');
  return target ? new URL(target).pathname + new URL(target).search : null;
}

beforeEach(() => {
  lookup.mockReset();
  lookup.mockImplementation(async (hostname) => SITES[hostname] ?? null);
  process.env['API_URL'] = 'http://127.0.0.1:3101';
});

describe('proxy', () => {
  it.each([
    ['werribee-isuzu-ute.localhost:3000', '/', '/werribee-isuzu-ute'],
    ['werribee-isuzu-ute.localhost:3000', '/about-us', '/werribee-isuzu-ute/about-us'],
    ['WWW.WerribeeIsuzuUte.com.au', '/search/new-cars?make=isuzu', '/werribee-isuzu-ute/search/new-cars?make=isuzu'],
  ])('rewrites %s%s to the site route %s', async (host, path, target) => {
    const response = await proxy(request(host, path));
    expect(response.status).toBe(200);
    expect(rewrittenTo(response)).toBe(target);
  });

  it("redirects a site's other real hosts (the apex, www.) to its primary host, path and query kept", async () => {
    const response = await proxy(request('RealDealer.com.au', '/search/used-cars?make=isuzu'));
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('https://www.realdealer.com.au/search/used-cars?make=isuzu');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(rewrittenTo(await proxy(request('www.realdealer.com.au', '/about-us')))).toBe('/real-dealer/about-us');
  });

  it('serves a development host as it is, whatever the primary host', async () => {
    const response = await proxy(request('real-dealer.localhost:3000', '/'));
    expect(response.status).toBe(200);
    expect(rewrittenTo(response)).toBe('/real-dealer');
  });

  it('looks a host up once, without its port', async () => {
    await proxy(request('harbour-motor-group.localhost:3100', '/'));
    expect(lookup).toHaveBeenCalledWith('harbour-motor-group.localhost');
    await proxy(request('harbour-motor-group.localhost:3000', '/offers'));
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('answers 404 "Site not found" for a host no site has', async () => {
    const response = await proxy(request('nobody.localhost:3000', '/'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1>Site not found</h1>');
  });

  it('answers 404 for a malformed Host header without asking the API', async () => {
    const response = await proxy(request('bad_host.localhost', '/'));
    expect(response.status).toBe(404);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('answers 503 when the API cannot say which site it is', async () => {
    lookup.mockRejectedValue(new ApiError('API unreachable', null, '/api/sites/by-host/x'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await proxy(request('down.localhost', '/'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
  });

  it.each(['localhost:3000', '127.0.0.1:3100', '[::1]:3000'])(
    'lets the development index through on bare %s',
    async (host) => {
      const response = await proxy(request(host, '/'));
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(rewrittenTo(response)).toBeNull();
      expect(lookup).not.toHaveBeenCalled();
    },
  );

  it('answers 404 for other paths on the development index host', async () => {
    const response = await proxy(request('localhost:3000', '/werribee-isuzu-ute'));
    expect(response.status).toBe(404);
  });

  it('forwards /media/... to the API named by API_URL at request time, on any host', async () => {
    const response = await proxy(request('werribee-isuzu-ute.localhost:3000', '/media/cars/12/front.jpg?w=640'));
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://127.0.0.1:3101/media/cars/12/front.jpg?w=640');
    expect(lookup).not.toHaveBeenCalled();
  });

  describe('shopper API', () => {
    it.each([
      [
        '/api/sites/harbour-motor-group/sign-in/code',
        'http://127.0.0.1:3101/api/sites/harbour-motor-group/sign-in/code',
      ],
      ['/api/sites/harbour-motor-group/leads', 'http://127.0.0.1:3101/api/sites/harbour-motor-group/leads'],
      ['/api/watchlist', 'http://127.0.0.1:3101/api/watchlist'],
      ['/api/watchlist/save-car', 'http://127.0.0.1:3101/api/watchlist/save-car'],
      ['/api/miscellaneous?x=1', 'http://127.0.0.1:3101/api/sites/harbour-motor-group/miscellaneous?x=1'],
      [
        '/api/cars/2021-toyota-hilux-abc123/phone-reveal',
        'http://127.0.0.1:3101/api/cars/2021-toyota-hilux-abc123/phone-reveal',
      ],
      [
        '/api/cars/2021-toyota-hilux-abc123/print.pdf',
        'http://127.0.0.1:3101/api/cars/2021-toyota-hilux-abc123/print.pdf',
      ],
    ])('forwards %s from the site host to the API', async (path, target) => {
      const response = await proxy(request('harbour-motor-group.localhost:3000', path));
      expect(response.headers.get('x-middleware-rewrite')).toBe(target);
    });

    it.each([
      '/api/ops/queues',
      '/api/feeds/harbour/stock',
      '/api/sites/werribee-isuzu-ute/me',
      '/api/sites/harbour-motor-group%2f..%2fwerribee-isuzu-ute/me',
      '/api/sites',
      '/api/cars/x/unknown-endpoint',
      '/api/cars/x/../../ops/queues/phone-reveal',
    ])('refuses %s: not this site’s shopper API', async (path) => {
      const response = await proxy(request('harbour-motor-group.localhost:3000', path));
      expect(response.status).toBe(404);
      expect(response.headers.get('x-middleware-rewrite')).toBeNull();
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    });
  });

  describe('sign-in gates', () => {
    const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
    beforeEach(() => {
      fetchMock.mockReset();
      global.fetch = fetchMock as unknown as typeof fetch;
    });

    function signInTarget(response: Response): URL | null {
      const location = response.headers.get('location');
      return location ? new URL(location) : null;
    }

    it('sends a signed-out shopper on a gated route to /sign-in with type, redirect and back', async () => {
      const response = await proxy(
        request('gated.localhost:3000', '/my-garage/cars?sort=new', {
          referer: 'http://gated.localhost:3000/cars/abc',
        }),
      );
      expect(response.status).toBe(307);
      const target = signInTarget(response)!;
      expect(target.pathname).toBe('/sign-in');
      expect(Object.fromEntries(target.searchParams)).toEqual({
        type: 'my_garage',
        redirect: '/my-garage/cars?sort=new',
        back: '/cars/abc',
      });
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('ignores a referrer from another site for the back link', async () => {
      const response = await proxy(
        request('gated.localhost:3000', '/cars/x/checkout', { referer: 'https://evil.example/' }),
      );
      expect(signInTarget(response)!.searchParams.get('back')).toBe('/');
      expect(signInTarget(response)!.searchParams.get('type')).toBe('checkout');
    });

    it('lets a signed-in shopper through after asking the API with the session cookie only', async () => {
      fetchMock.mockResolvedValue(Response.json({ signed_in: true, phone: '0412 345 678' }));
      const token = 'a'.repeat(43);
      const response = await proxy(
        request('gated.localhost:3000', '/my-garage', { cookie: `other=1; dp_session=${token}` }),
      );
      expect(rewrittenTo(response)).toBe('/gated-site/my-garage');
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe('http://127.0.0.1:3101/api/sites/gated-site/me');
      expect(init.headers).toMatchObject({ cookie: `dp_session=${token}` });
    });

    it('treats an expired session, or an API that cannot answer, as signed out', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      fetchMock.mockResolvedValueOnce(Response.json({ signed_in: false, phone: null }));
      expect((await proxy(request('gated.localhost:3000', '/my-garage', { cookie: 'dp_session=old' }))).status).toBe(
        307,
      );
      fetchMock.mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
      expect((await proxy(request('gated.localhost:3000', '/my-garage', { cookie: 'dp_session=old' }))).status).toBe(
        307,
      );
    });

    it('leaves routes the site does not gate open', async () => {
      const response = await proxy(request('gated.localhost:3000', '/finance'));
      expect(rewrittenTo(response)).toBe('/gated-site/finance');
      expect((await proxy(request('harbour-motor-group.localhost:3000', '/my-garage'))).status).toBe(200);
    });
  });
});

describe('security headers on pages', () => {
  it('sends a nonce CSP, nosniff, a referrer policy and no framing by default, with a fresh nonce each time', async () => {
    const first = await proxy(request('harbour-motor-group.localhost:3000', '/'));
    const second = await proxy(request('harbour-motor-group.localhost:3000', '/'));
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    const nonceOf = (value: string) => /'nonce-([^']+)'/.exec(value)?.[1];
    expect(nonceOf(second.headers.get('content-security-policy') ?? '')).not.toBe(nonceOf(csp));
    // Next renders with the nonce it finds in the forwarded request's policy.
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
  });

  it("lets a site's configured frame ancestors frame it", async () => {
    lookup.mockImplementation(async () => ({
      ...siteRefFixture('framed', 'Framed'),
      embedding: { frame_ancestors: ['https://portal.example.com.au'] },
    }));
    const response = await proxy(request('framed-portal.localhost:3000', '/'));
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors https://portal.example.com.au');
    expect(response.headers.get('x-frame-options')).toBeNull();
  });
});

describe('security headers on every answer', () => {
  /** The platform's headers as every response must carry them, whatever else it is. */
  function expectSecured(response: Response): void {
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/object-src 'none'|default-src 'none'/);
    // A plain page has no script of its own: nothing may run on it.
    if (!response.headers.get('x-middleware-next') && !response.headers.get('x-middleware-rewrite'))
      expect(csp).toMatch(/script-src 'none'|default-src 'none'/);
  }

  it.each([
    ['an unknown host', 'nobody-at-all.localhost:3000', '/', 404],
    ['a malformed Host', 'bad_host.localhost', '/', 404],
    ['another path on the development index host', 'localhost:3000', '/werribee-isuzu-ute', 404],
    ['the development index', 'localhost:3000', '/', 200],
    ['an API path the site does not serve', 'harbour-motor-group.localhost:3000', '/api/ops/queues', 404],
    ['a gated page (redirect to sign-in)', 'gated.localhost:3000', '/my-garage', 307],
  ])('%s', async (_what, host, path, status) => {
    const response = await proxy(request(host, path));
    expect(response.status).toBe(status);
    expectSecured(response);
  });

  it('a site lookup that fails (503)', async () => {
    lookup.mockRejectedValue(new ApiError('API unreachable', null, '/api/sites/by-host/x'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await proxy(request('down-again.localhost', '/'));
    expect(response.status).toBe(503);
    expectSecured(response);
  });
});

describe('proxy: the dealer console', () => {
  const HOST = 'werribee-isuzu-ute.localhost:3000';

  it('forwards /api/dealer/* to the api naming the host’s site in X-Site-Slug, whatever the browser sent', async () => {
    const response = await proxy(
      request(HOST, '/api/dealer/leads?status=new', {
        'x-site-slug': 'harbour-motor-group',
        cookie: 'dp_dealer_session=abc',
      }),
    );
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://127.0.0.1:3101/api/dealer/leads?status=new');
    expect(response.headers.get('x-middleware-request-x-site-slug')).toBe('werribee-isuzu-ute');
    expect(response.headers.get('x-middleware-request-cookie')).toBe('dp_dealer_session=abc');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it.each(['/api/dealer/..%2fops/queues', '/api/dealers', '/api/dealer'])('does not forward %s', async (path) => {
    const response = await proxy(request(HOST, path));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });

  it.each([
    ['/dealer', '/dealer_console/werribee-isuzu-ute'],
    ['/dealer/sign-in?token=x', '/dealer_console/werribee-isuzu-ute/sign-in?token=x'],
    ['/dealer/leads/abc', '/dealer_console/werribee-isuzu-ute/leads/abc'],
  ])('renders %s from the console’s own tree, never cached or indexed', async (path, target) => {
    const response = await proxy(request(HOST, path));
    expect(rewrittenTo(response)).toBe(target);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('content-security-policy')).toMatch(/nonce-/);
  });

  it('leaves the shop’s /dealer-locator and /dealers to the site', async () => {
    expect(rewrittenTo(await proxy(request(HOST, '/dealer-locator')))).toBe('/werribee-isuzu-ute/dealer-locator');
    expect(rewrittenTo(await proxy(request(HOST, '/dealers')))).toBe('/werribee-isuzu-ute/dealers');
  });
});

describe('proxy: a suspended site (issue 51)', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    // The site's configuration, for its branding and phone.
    fetchMock.mockResolvedValue(
      Response.json({
        config: { theme: { primary_colour: '#1e6b3a', logo_url: '/media/logos/paused.svg' } },
        locations: [
          { primary: false, visible: true, contact_detail: { phone: '(03) 9000 0001' } },
          { primary: true, visible: true, contact_detail: { phone: '(03) 9000 0000' } },
        ],
      }),
    );
    jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(['/', '/search/used-cars', '/cars/some-car-slug', '/contact-us', '/robots.txt'])(
    'answers %s with the maintenance page: 503, Retry-After, never stored, the site named and its phone',
    async (path) => {
      const response = await proxy(request('paused.localhost:3000', path));
      expect(response.status).toBe(503);
      expect(rewrittenTo(response)).toBeNull();
      expect(response.headers.get('retry-after')).toBe('3600');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toContain('<h1>Paused &lt;Motors&gt;</h1>');
      expect(html).toContain('<a href="tel:0390000000">(03) 9000 0000</a>');
      expect(html).toContain('src="/media/logos/paused.svg"');
      expect(html).not.toMatch(/<form|<script|<input/i);
    },
  );

  it('answers with its name alone when its configuration cannot be read', async () => {
    fetchMock.mockRejectedValue(new Error('api down'));
    const response = await proxy(request('paused.localhost:3000', '/'));
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('<h1>Paused &lt;Motors&gt;</h1>');
    expect(html).not.toContain('tel:');
  });

  it('refuses its shopper API (a lead) with a 503 problem, so the form says it was not sent', async () => {
    const response = await proxy(request('paused.localhost', '/api/sites/paused-motors/leads', { method: 'POST' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.headers.get('retry-after')).toBe('3600');
    expect(await response.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
  });

  it('keeps the dealer console and its API working, so dealers still see their leads', async () => {
    const page = await proxy(request('paused.localhost', '/dealer/leads'));
    expect(page.status).toBe(200);
    expect(rewrittenTo(page)).toMatch(/^\/dealer_console\/paused-motors/);
    const api = await proxy(request('paused.localhost', '/api/dealer/leads'));
    expect(rewrittenTo(api)).toBe('/api/dealer/leads');
  });
});

describe("proxy: a site's MCP endpoint at /mcp (issue 55)", () => {
  it.each(['POST', 'GET', 'DELETE'])(
    "forwards %s /mcp to the api's endpoint of the site the host resolved to, never stored",
    async (method) => {
      const response = await proxy(
        new NextRequest('http://harbour-motor-group.localhost:3000/mcp', {
          method,
          headers: { host: 'harbour-motor-group.localhost:3000', 'x-site-slug': 'werribee-isuzu-ute' },
        }),
      );
      expect(response.headers.get('x-middleware-rewrite')).toBe(
        'http://127.0.0.1:3101/api/sites/harbour-motor-group/mcp',
      );
      // The slug the host resolved to, whatever the client sent.
      expect(response.headers.get('x-middleware-request-x-site-slug')).toBe('harbour-motor-group');
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('forwards only /mcp itself, and an unknown host gets the plain 404', async () => {
    const deeper = await proxy(request('harbour-motor-group.localhost:3000', '/mcp/other'));
    expect(deeper.headers.get('x-middleware-rewrite')).not.toContain('/api/');
    const unknown = await proxy(request('nobody.localhost:3000', '/mcp'));
    expect(unknown.status).toBe(404);
  });

  it("answers a suspended site's /mcp with the 503 problem of its API", async () => {
    const response = await proxy(request('paused.localhost', '/mcp', { method: 'POST' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('proxy: a change to a site or host reaches it within the configuration version poll (issue 51)', () => {
  const pollOnce = () => new Promise((resolve) => setTimeout(resolve, 1_100));

  it('stops serving a removed host, serves a newly verified one and shows a suspension, each within about a second', async () => {
    const flip = siteRefFixture('flip-motors', 'Flip Motors');
    let answers: Record<string, SiteRef | null> = { 'flip.localhost': flip, 'flop.localhost': null };
    lookup.mockImplementation(async (hostname) => answers[hostname] ?? null);
    configVersion.mockResolvedValue('100');
    await pollOnce();
    expect((await proxy(request('flip.localhost', '/'))).status).toBe(200);
    expect((await proxy(request('flop.localhost', '/'))).status).toBe(404);

    // Ops move flip's host to flop.localhost: the triggers move the version.
    answers = { 'flip.localhost': null, 'flop.localhost': flip };
    configVersion.mockResolvedValue('101');
    await pollOnce();
    expect((await proxy(request('flip.localhost', '/'))).status).toBe(404);
    expect(rewrittenTo(await proxy(request('flop.localhost', '/offers')))).toBe('/flip-motors/offers');

    // Ops suspend the site.
    answers = { 'flop.localhost': { ...flip, status: 'suspended' } };
    configVersion.mockResolvedValue('102');
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no config in this test'));
    await pollOnce();
    expect((await proxy(request('flop.localhost', '/offers'))).status).toBe(503);
    jest.restoreAllMocks();
  });
});

describe("proxy: a custom domain's HTTP verification token (issue 51)", () => {
  const verification = findHostVerification as jest.MockedFunction<typeof findHostVerification>;
  const PATH = '/.well-known/dealer-platform-verification';
  const VALUES: Record<string, string> = {
    'www.pending-dealer.com.au': 'dealer-platform-verification=tok-pending',
    'realdealer.com.au': 'dealer-platform-verification=tok-apex',
  };

  beforeEach(() => {
    verification.mockReset();
    verification.mockImplementation(async (hostname) => VALUES[hostname] ?? null);
  });

  it("answers a pending host's value as plain text, never stored, without the site lookup that would 404 it", async () => {
    const response = await proxy(request('WWW.Pending-Dealer.com.au', PATH));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('dealer-platform-verification=tok-pending\n');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(verification).toHaveBeenCalledWith('www.pending-dealer.com.au');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('answers on a serving host that is not the primary one, rather than redirecting it away', async () => {
    const response = await proxy(request('realdealer.com.au', PATH));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('dealer-platform-verification=tok-apex\n');
  });

  it('asks the api on every request, so a host added again with a new token never shows the old one', async () => {
    await proxy(request('www.pending-dealer.com.au', PATH));
    VALUES['www.pending-dealer.com.au'] = 'dealer-platform-verification=tok-new';
    expect(await (await proxy(request('www.pending-dealer.com.au', PATH))).text()).toBe(
      'dealer-platform-verification=tok-new\n',
    );
    expect(verification).toHaveBeenCalledTimes(2);
  });

  it('answers a plain 404 for a name the platform does not verify, and a 503 when the api cannot say', async () => {
    const unknown = await proxy(request('nobody.example.com', PATH));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expect(await unknown.text()).toBe('Not found\n');

    verification.mockRejectedValue(new ApiError('API unreachable', null, '/api/sites/by-host/x/verification'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const down = await proxy(request('www.pending-dealer.com.au', PATH));
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('30');
    jest.restoreAllMocks();
  });

  it('leaves other /.well-known/ paths to the site', async () => {
    const response = await proxy(request('werribee-isuzu-ute.localhost', '/.well-known/security.txt'));
    expect(rewrittenTo(response)).toBe('/werribee-isuzu-ute/.well-known/security.txt');
    expect(verification).not.toHaveBeenCalled();
  });
});

describe('proxy: the ops console on OPS_HOST (issue 51)', () => {
  it('serves its pages from app/ops_console, never cached or indexed, with the page path for its navigation', async () => {
    for (const [path, target] of [
      ['/', '/ops_console'],
      ['/sites/north-motors?done=resumed', '/ops_console/sites/north-motors?done=resumed'],
      ['/sign-in?token=abc', '/ops_console/sign-in?token=abc'],
    ] as const) {
      const response = await proxy(request('ops.localhost:3000', path));
      expect(rewrittenTo(response)).toBe(target);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-middleware-request-x-console-path')).toBe(path.split('?')[0]);
    }
    expect(lookup).not.toHaveBeenCalled();
  });

  it('forwards the ops API and the console sign-in API to the api, and no other API path', async () => {
    for (const path of ['/api/ops/sites?retired=true', '/api/ops-console/sign-in/request']) {
      const response = await proxy(request('ops.localhost', path));
      expect(response.headers.get('x-middleware-rewrite')).toBe(`http://127.0.0.1:3101${path}`);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
    for (const path of [
      '/api/watchlist',
      '/api/sites/alpha/leads',
      '/api/dealer/me',
      '/api/ops%2fsites',
      '/api/opsx',
    ]) {
      const response = await proxy(request('ops.localhost', path));
      expect(response.status).toBe(404);
      expect(response.headers.get('x-middleware-rewrite')).toBeNull();
    }
  });

  it("is not reachable from a site's host or the development index", async () => {
    const onSite = await proxy(request('werribee-isuzu-ute.localhost:3000', '/ops_console'));
    expect(rewrittenTo(onSite)).toBe('/werribee-isuzu-ute/ops_console');
    const onIndex = await proxy(request('localhost:3000', '/ops_console'));
    expect(onIndex.status).toBe(404);
    const opsApiOnSite = await proxy(request('werribee-isuzu-ute.localhost:3000', '/api/ops/sites'));
    expect(opsApiOnSite.status).toBe(404);
  });
});
